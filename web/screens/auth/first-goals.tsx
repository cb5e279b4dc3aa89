import { useState } from "preact/hooks";
import { errorMessage, post, put } from "../../api/client.ts";
import { ErrorText, Select } from "../../components/ui.tsx";
import { today } from "../../lib/dates.ts";
import { preferences } from "../../lib/session.ts";
import { GoalFields, readGoals } from "../goals/goal-fields.tsx";

const ACTIVITY: [string, string][] = [
  ["not_much", "Not much (mostly sitting)"],
  ["light", "Light (on my feet some of the day)"],
  ["moderate", "Moderate (active most days)"],
  ["heavy", "Heavy (hard physical work or daily training)"],
];

/** Onboarding's second step: how active the user is, and the goals the diary measures against. */
export function FirstGoals(props: { onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const goals = readGoals(form);
    try {
      const activity = String(form.get("activity_level"));
      await put("/api/user-preferences", { activity_level: activity });
      // The goal planner reads it at once, not after a reload.
      preferences.value = { ...preferences.value, activity_level: activity };
      if (Object.keys(goals).length)
        await post("/api/goals/manage-timeline", { ...goals, start_date: today() });
      props.onDone();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <form class="stack" onSubmit={save}>
      <Select label="Activity level" name="activity_level" options={ACTIVITY} />
      <p class="hint">
        Goals left empty keep the defaults (2,000 kcal, 10,000 steps); change them any time under
        Goals.
      </p>
      <GoalFields />
      <ErrorText error={error} />
      <div class="actions">
        <button type="submit" class="primary">
          Finish
        </button>
        <button type="button" onClick={props.onDone}>
          Skip
        </button>
      </div>
    </form>
  );
}
