import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import { ErrorText, Field } from "../../components/ui.tsx";
import { units } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
import { ExerciseSearch } from "./exercise-search.tsx";
import { emptyRow, SetTable, type SetRow } from "./set-table.tsx";
import { previousSets, toApiSets } from "./sets.ts";
import { t } from "../../i18n/i18n.ts";

type Block = { id: string; name: string; rows: SetRow[] };

/** One exercise's sets, with what was lifted the previous time beside them. */
export function ExerciseSets(props: {
  id: string;
  name: string;
  rows: SetRow[];
  except?: string;
  onChange: (rows: SetRow[]) => void;
}) {
  const previous = useLoad(() => previousSets(props.id, props.except), [props.id]);
  return (
    <fieldset class="exercise-sets">
      <legend>{props.name}</legend>
      <SetTable
        name={props.name}
        rows={props.rows}
        previous={previous.data}
        onChange={props.onChange}
      />
      <button
        type="button"
        class="link-button"
        onClick={() => props.onChange([...props.rows, { ...(props.rows.at(-1) ?? emptyRow()) }])}
      >
        {t("exercise.addSet", { name: props.name })}
      </button>
    </fieldset>
  );
}

/** A strength session: exercises found by search, each with its sets, saved as one session. */
export function StrengthForm(props: { day: string; onSaved: () => void }) {
  const [name, setName] = useState(() => t("exercise.strengthSession"));
  const [blocks, setBlocks] = useState<Block[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = (event: Event) => {
    event.preventDefault();
    const exercises = blocks
      .map((b) => ({ exercise_id: b.id, sets: toApiSets(b.rows, units.value) }))
      .filter((e) => e.sets.length > 0);
    if (!exercises.length) return setError(t("exercise.needSet"));
    setBusy(true);
    post("/api/exercise-preset-entries", { name, entry_date: props.day, exercises })
      .then(() => (setBlocks([]), setError(null), props.onSaved()))
      .catch((e) => setError(errorMessage(e)))
      .finally(() => setBusy(false));
  };
  return (
    <form class="stack" onSubmit={save}>
      <Field
        label={t("exercise.sessionName")}
        value={name}
        required
        onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
      />
      {blocks.map((block, i) => (
        <ExerciseSets
          id={block.id}
          name={block.name}
          rows={block.rows}
          onChange={(rows) => setBlocks(blocks.map((b, j) => (i === j ? { ...b, rows } : b)))}
        />
      ))}
      <ExerciseSearch
        label={t("exercise.addExercise")}
        onPick={(x) => setBlocks([...blocks, { id: x.id, name: x.name, rows: [emptyRow()] }])}
      />
      <button type="submit" disabled={busy || !blocks.length}>
        {t("exercise.saveSession")}
      </button>
      <ErrorText error={error} />
    </form>
  );
}
