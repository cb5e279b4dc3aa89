import { useState } from "preact/hooks";
import { errorMessage, post, put } from "../../api/client.ts";
import { ErrorText, Field } from "../../components/ui.tsx";
import { units } from "../../lib/session.ts";
import { numberOrNull } from "../../lib/units.ts";
import { ExerciseSearch } from "./exercise-search.tsx";
import { distanceFromKm, distanceToKm, distanceUnit } from "./format.ts";
import { entryName, type ExerciseEntry } from "./types.ts";
import { t } from "../../i18n/i18n.ts";

const shown = (value: number | null | undefined) =>
  value == null ? "" : String(Math.round(value * 100) / 100);

/**
 * A cardio entry: exercise, duration, distance, calories (else estimated by the server) and
 * average heart rate. With `entry`, edits that entry.
 */
export function CardioForm(props: {
  day: string;
  entry?: ExerciseEntry;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { entry } = props;
  const u = units.value;
  const [exercise, setExercise] = useState(
    entry ? { id: entry.exercise_id, name: entryName(entry) } : null,
  );
  const [error, setError] = useState<string | null>(null);
  const save = (event: Event) => {
    event.preventDefault();
    if (!exercise) return setError(t("exercise.choose"));
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const distance = numberOrNull(data.get("distance"));
    const body = {
      exercise_id: exercise.id,
      entry_date: props.day,
      duration_minutes: numberOrNull(data.get("duration_minutes")),
      distance: distance == null ? null : distanceToKm(distance, u),
      calories_burned: numberOrNull(data.get("calories_burned")),
      avg_heart_rate: numberOrNull(data.get("avg_heart_rate")),
    };
    const request = entry
      ? put(`/api/exercise-entries/${entry.id}`, body)
      : post("/api/exercise-entries", body);
    request.then(
      () => (entry || (form.reset(), setExercise(null)), setError(null), props.onSaved()),
      (e) => setError(errorMessage(e)),
    );
  };
  return (
    <form class="stack" onSubmit={save}>
      {exercise ? (
        <p>
          <strong>{exercise.name}</strong>{" "}
          {!entry && (
            <button type="button" class="link-button" onClick={() => setExercise(null)}>
              {t("exercise.change")}
            </button>
          )}
        </p>
      ) : (
        <ExerciseSearch label={t("exercise.cardioExercise")} onPick={(x) => setExercise(x)} />
      )}
      <div class="grid fields cardio-fields">
        <Field
          label={t("exercise.durationMin")}
          name="duration_minutes"
          type="number"
          min="0"
          step="any"
          defaultValue={shown(entry?.duration_minutes)}
        />
        <Field
          label={t("exercise.distanceIn", { unit: distanceUnit(u) })}
          name="distance"
          type="number"
          min="0"
          step="any"
          defaultValue={shown(entry?.distance == null ? null : distanceFromKm(entry.distance, u))}
        />
        <Field
          label={t("quickAdd.calories")}
          name="calories_burned"
          type="number"
          min="0"
          step="any"
          hint={t("exercise.caloriesHint")}
          defaultValue={shown(entry?.calories_burned)}
        />
        <Field
          label={t("exercise.avgHeartRate")}
          name="avg_heart_rate"
          type="number"
          min="20"
          max="260"
          defaultValue={shown(entry?.avg_heart_rate)}
        />
      </div>
      <div class="actions">
        <button type="submit">{entry ? t("exercise.saveChanges") : t("exercise.logCardio")}</button>
        {props.onCancel && (
          <button type="button" class="link-button" onClick={props.onCancel}>
            {t("exercise.cancel")}
          </button>
        )}
      </div>
      <ErrorText error={error} />
    </form>
  );
}
