import { useState } from "preact/hooks";
import { errorMessage, post } from "../../../api/client.ts";
import { Card, ErrorText, Field } from "../../../components/ui.tsx";
import { today } from "../../../lib/dates.ts";
import { formValues } from "./types.ts";

/** Starts tracking: the due date as given, or worked out from the last period's first day. */
export function StartForm({ onStarted }: { onStarted: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const start = (event: Event) => {
    const { due_date, lmp_date } = formValues(event);
    if (!due_date && !lmp_date) return setError("Give a due date or the last period's first day.");
    const body = due_date ? { due_date } : { lmp_date };
    post("/api/v2/pregnancy", body).then(onStarted, (e) => setError(errorMessage(e)));
  };
  return (
    <Card title="Track a pregnancy">
      <form class="stack" onSubmit={start}>
        <p>Give the due date, or the first day of the last period to work it out.</p>
        <div class="grid fields">
          <Field label="Due date" name="due_date" type="date" min={today()} />
          <Field label="First day of last period" name="lmp_date" type="date" max={today()} />
        </div>
        <ErrorText error={error} />
        <button type="submit" class="primary">
          Start tracking
        </button>
      </form>
    </Card>
  );
}
