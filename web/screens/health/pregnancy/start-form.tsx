import { useState } from "preact/hooks";
import { errorMessage, post } from "../../../api/client.ts";
import { Card, ErrorText, Field } from "../../../components/ui.tsx";
import { t } from "../../../i18n/i18n.ts";
import { today } from "../../../lib/dates.ts";
import { formValues } from "./types.ts";

/** Starts tracking: the due date as given, or worked out from the last period's first day. */
export function StartForm({ onStarted }: { onStarted: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const start = (event: Event) => {
    const { due_date, lmp_date } = formValues(event);
    if (!due_date && !lmp_date) return setError(t("pregnancy.giveDate"));
    const body = due_date ? { due_date } : { lmp_date };
    post("/api/v2/pregnancy", body).then(onStarted, (e) => setError(errorMessage(e)));
  };
  return (
    <Card title={t("pregnancy.track")}>
      <form class="stack" onSubmit={start}>
        <p>{t("pregnancy.startHint")}</p>
        <div class="grid fields">
          <Field label={t("pregnancy.dueDate")} name="due_date" type="date" min={today()} />
          <Field label={t("pregnancy.lmp")} name="lmp_date" type="date" max={today()} />
        </div>
        <ErrorText error={error} />
        <button type="submit" class="primary">
          {t("pregnancy.start")}
        </button>
      </form>
    </Card>
  );
}
