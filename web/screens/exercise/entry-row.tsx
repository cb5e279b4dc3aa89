import { useState } from "preact/hooks";
import { del, errorMessage, put } from "../../api/client.ts";
import { ErrorText } from "../../components/ui.tsx";
import { units } from "../../lib/session.ts";
import type { Units } from "../../api/types.ts";
import { CardioForm } from "./cardio-form.tsx";
import { PartsLine } from "../../components/parts-line.tsx";
import { describeEntry, describeSet, recordLabel, recordValue } from "./format.ts";
import { toApiSets, toRows } from "./sets.ts";
import { ExerciseSets } from "./strength-form.tsx";
import { entryName, type ExerciseEntry, type PersonalRecord } from "./types.ts";
import { t } from "../../i18n/i18n.ts";

const isStrength = (e: ExerciseEntry) =>
  e.sets.length > 0 || e.modality === "strength" || e.modality === "reps_only";

/** The sets of a logged entry, edited in place and saved over the old ones. */
function StrengthEdit(props: { entry: ExerciseEntry; onDone: (saved: boolean) => void }) {
  const { entry } = props;
  const [rows, setRows] = useState(() => toRows(entry.sets, units.value));
  const [error, setError] = useState<string | null>(null);
  const save = (event: Event) => {
    event.preventDefault();
    put(`/api/exercise-entries/${entry.id}`, { sets: toApiSets(rows, units.value) }).then(
      () => props.onDone(true),
      (e) => setError(errorMessage(e)),
    );
  };
  return (
    <form class="stack" onSubmit={save}>
      <ExerciseSets
        id={entry.exercise_id}
        name={entryName(entry)}
        rows={rows}
        except={entry.id}
        onChange={setRows}
      />
      <div class="actions">
        <button type="submit">{t("exercise.saveSets")}</button>
        <button type="button" class="link-button" onClick={() => props.onDone(false)}>
          {t("exercise.cancel")}
        </button>
      </div>
      <ErrorText error={error} />
    </form>
  );
}

/** One logged exercise: what was done, and edit and delete. */
export function EntryRow(props: {
  entry: ExerciseEntry;
  records: PersonalRecord[];
  onChanged: () => void;
}) {
  const { entry, onChanged } = props;
  const u = units.value;
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = entryName(entry);
  // Logged by hand (SparkyFitness spells it `Manual`), else a device's workout with its page.
  const manual = entry.source.toLowerCase() === "manual";
  const held = props.records.filter((r) => r.exercise_entry_id === entry.id);
  const done = (saved: boolean) => (setEditing(false), saved && onChanged());
  if (editing)
    return isStrength(entry) ? (
      <li>
        <StrengthEdit entry={entry} onDone={done} />
      </li>
    ) : (
      <li>
        <CardioForm
          day={entry.entry_date}
          entry={entry}
          onSaved={() => done(true)}
          onCancel={() => done(false)}
        />
      </li>
    );
  const remove = () =>
    del(`/api/exercise-entries/${entry.id}`).then(onChanged, (e) => setError(errorMessage(e)));
  return (
    <li class="exercise-entry">
      <div class="key-row">
        <span>
          {manual ? (
            <strong>{name}</strong>
          ) : (
            <a href={`#/workouts/${entry.id}`}>
              <strong>{name}</strong>
            </a>
          )}{" "}
          <PartsLine parts={describeEntry(entry, u)} />
          {!manual && <small class="hint"> · {entry.source}</small>}
        </span>
        <span class="actions">
          <a
            href={`#/exercise/progress/${entry.exercise_id}`}
            aria-label={t("exercise.progressOf", { name })}
          >
            {t("exercise.progress")}
          </a>
          <button
            type="button"
            class="link-button"
            onClick={() => setEditing(true)}
            aria-label={t("entry.editFood", { food: name })}
          >
            {t("entry.edit")}
          </button>
          <button
            type="button"
            class="link-button"
            onClick={remove}
            aria-label={t("entry.deleteFood", { food: name })}
          >
            {t("entry.delete")}
          </button>
        </span>
      </div>
      {entry.sets.length > 0 && (
        <ol class="set-list">
          {entry.sets.map((s) => (
            <li>{describeSet(s, u)}</li>
          ))}
        </ol>
      )}
      {held.length > 0 && <p class="records">{recordsLine(held, u)}</p>}
      <ErrorText error={error} />
    </li>
  );
}

/**
 * One line for an exercise's records however many it set: the first session sets a "most
 * reps" record at every weight lifted, which are counted, not listed (Progress lists them).
 */
function recordsLine(held: PersonalRecord[], u: Units): string {
  const reps = held.filter((r) => r.record_type === "max_reps");
  const parts = held
    .filter((r) => r.record_type !== "max_reps" || reps.length === 1)
    .map((r) => `${recordLabel(r, u)}, ${recordValue(r, u)}`);
  if (reps.length > 1) parts.push(t("exercise.mostRepsAtWeights", { count: reps.length }));
  return t("exercise.records", { count: held.length, records: parts.join("; ") });
}
