import { useState } from "preact/hooks";
import { errorMessage, post, put } from "../../api/client.ts";
import { ErrorText, Select } from "../../components/ui.tsx";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { today } from "../../lib/dates.ts";
import { preferences } from "../../lib/session.ts";
import { GoalFields, readGoals } from "../goals/goal-fields.tsx";

const ACTIVITY: [string, MessageKey][] = [
  ["not_much", "firstGoals.notMuch"],
  ["light", "firstGoals.light"],
  ["moderate", "firstGoals.moderate"],
  ["heavy", "firstGoals.heavy"],
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
      <Select
        label={t("firstGoals.activityLevel")}
        name="activity_level"
        options={ACTIVITY.map(([value, label]) => [value, t(label)])}
      />
      <p class="hint">{t("firstGoals.defaults", { kcal: 2000, steps: 10000 })}</p>
      <GoalFields />
      <ErrorText error={error} />
      <div class="actions">
        <button type="submit" class="primary">
          {t("firstGoals.finish")}
        </button>
        <button type="button" onClick={props.onDone}>
          {t("firstGoals.skip")}
        </button>
      </div>
    </form>
  );
}
