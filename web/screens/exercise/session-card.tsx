import { useState } from "preact/hooks";
import { del, errorMessage, post } from "../../api/client.ts";
import { ErrorText, Notice } from "../../components/ui.tsx";
import { number } from "../../lib/units.ts";
import { EntryRow } from "./entry-row.tsx";
import type { PersonalRecord, Session } from "./types.ts";
import { t } from "../../i18n/i18n.ts";

/** A logged session: its exercises, save as a preset, delete the whole session. */
export function SessionCard(props: {
  session: Session;
  records: PersonalRecord[];
  onChanged: () => void;
}) {
  const { session, onChanged } = props;
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const asPreset = () =>
    post("/api/workout-presets", {
      name: session.name,
      exercises: session.exercises.map((e, i) => ({
        exercise_id: e.exercise_id,
        sort_order: i,
        sets: e.sets.map(({ set_number, set_type, reps, weight }) => ({
          set_number,
          set_type,
          reps,
          weight,
        })),
      })),
    }).then(
      () => setSaved(true),
      (e) => setError(errorMessage(e)),
    );
  const remove = () =>
    del(`/api/exercise-preset-entries/${session.id}`).then(onChanged, (e) =>
      setError(errorMessage(e)),
    );
  return (
    <li class="exercise-session">
      <div class="key-row">
        <h3>{session.name}</h3>
        <span class="actions">
          <button
            type="button"
            class="link-button"
            onClick={asPreset}
            aria-label={t("exercise.saveAsPresetNamed", { name: session.name })}
          >
            {t("exercise.saveAsPreset")}
          </button>
          <button
            type="button"
            class="link-button"
            onClick={remove}
            aria-label={t("exercise.deleteSessionNamed", { name: session.name })}
          >
            {t("exercise.deleteSession")}
          </button>
        </span>
      </div>
      {session.total_duration_minutes > 0 && (
        <p class="hint">
          {t("exercise.minutes", { minutes: number(session.total_duration_minutes, 0) })} ·{" "}
          {t("diary.kcal", { kcal: number(session.total_calories_burned, 0) })}
        </p>
      )}
      <ul class="list">
        {session.exercises.map((entry) => (
          <EntryRow entry={entry} records={props.records} onChanged={onChanged} />
        ))}
      </ul>
      {saved && <Notice>{t("exercise.savedPreset", { name: session.name })}</Notice>}
      <ErrorText error={error} />
    </li>
  );
}
