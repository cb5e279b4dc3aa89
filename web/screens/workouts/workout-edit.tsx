import { useState } from "preact/hooks";
import { del, errorMessage, put } from "../../api/client.ts";
import type { Workout } from "../../api/types.ts";
import { Card, ErrorText, Field, Notice } from "../../components/ui.tsx";
import { navigate } from "../../lib/router.ts";

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
    if (!confirm("Delete this workout with its track, laps and samples?")) return;
    del(`/api/exercise-entries/${workout.id}`).then(
      () => navigate("/workouts"),
      (e) => setError(errorMessage(e)),
    );
  };
  return (
    <Card title="Edit">
      <form class="inline-field wrap" onSubmit={save}>
        <Field label="Notes" name="notes" defaultValue={workout.notes ?? ""} />
        <Field
          label="Calories burned (kcal)"
          name="calories_burned"
          type="number"
          min="0"
          step="any"
          defaultValue={workout.calories_burned == null ? "" : String(workout.calories_burned)}
        />
        <button type="submit">Save workout</button>
        <button type="button" onClick={remove}>
          Delete workout
        </button>
      </form>
      {saved && <Notice>Workout saved.</Notice>}
      <ErrorText error={error} />
    </Card>
  );
}
