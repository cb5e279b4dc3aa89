import { useState } from "preact/hooks";
import { del, errorMessage, put } from "../../api/client.ts";
import type { Workout } from "../../api/types.ts";
import { Card, ErrorText, Field, Notice } from "../../components/ui.tsx";
import { navigate } from "../../lib/router.ts";
import { t } from "../../i18n/i18n.ts";

/** Notes and calories of a workout, and deleting it with everything recorded with it. */
export function WorkoutEdit({ workout }: { workout: Workout }) {
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    put(`/api/exercise-entries/${workout.id}`, {
      notes: String(form.get("notes")) || null,
      calories_burned: form.get("calories_burned") ? Number(form.get("calories_burned")) : null,
    }).then(
      () => setSaved(true),
      (e) => setError(errorMessage(e)),
    );
  };
  const remove = () => {
    if (!confirm(t("workouts.confirmDelete"))) return;
    del(`/api/exercise-entries/${workout.id}`).then(
      () => navigate("/workouts"),
      (e) => setError(errorMessage(e)),
    );
  };
  return (
    <Card title={t("entry.edit")}>
      <form class="inline-field wrap" onSubmit={save}>
        <Field label={t("workouts.notes")} name="notes" defaultValue={workout.notes ?? ""} />
        <Field
          label={t("workouts.caloriesBurned")}
          name="calories_burned"
          type="number"
          min="0"
          step="any"
          defaultValue={workout.calories_burned == null ? "" : String(workout.calories_burned)}
        />
        <button type="submit">{t("workouts.save")}</button>
        <button type="button" onClick={remove}>
          {t("workouts.delete")}
        </button>
      </form>
      {saved && <Notice>{t("workouts.saved")}</Notice>}
      <ErrorText error={error} />
    </Card>
  );
}
