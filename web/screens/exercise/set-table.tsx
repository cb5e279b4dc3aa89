import { useLayoutEffect, useRef } from "preact/hooks";
import { units } from "../../lib/session.ts";
import { number } from "../../lib/units.ts";
import { describeSet, liftFromKg, liftUnit, setTypeLabel } from "./format.ts";
import { t } from "../../i18n/i18n.ts";
import { SET_TYPES, type ExerciseSet, type SetType } from "./types.ts";

/** A set as typed: reps and weight as the inputs hold them, weight in the profile's unit. */
export type SetRow = { set_type: SetType; reps: string; weight: string };

export const emptyRow = (): SetRow => ({ set_type: "normal", reps: "", weight: "" });

/**
 * The sets of one exercise: type, reps and weight per row, with the previous session's set
 * of the same number beside it (on a phone, as the inputs' placeholders instead). Enter in a row's reps or weight adds the next set prefilled
 * from that row and puts the cursor in its reps.
 */
export function SetTable(props: {
  name: string;
  rows: SetRow[];
  previous?: ExerciseSet[];
  onChange: (rows: SetRow[]) => void;
}) {
  const { rows, onChange } = props;
  const u = units.value;
  const host = useRef<HTMLTableElement>(null);
  const focusLast = useRef(false);
  // Before the browser paints the new row, so no keystroke lands in the previous one.
  useLayoutEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    host.current?.querySelector<HTMLInputElement>("tbody tr:last-child input")?.focus();
  }, [rows.length]);

  const set = (i: number, patch: Partial<SetRow>) =>
    onChange(rows.map((row, j) => (i === j ? { ...row, ...patch } : row)));
  const onKey = (i: number) => (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    focusLast.current = true;
    onChange([...rows, { ...rows[i]! }]);
  };
  const value = (e: Event) => (e.currentTarget as HTMLInputElement).value;

  return (
    <table class="set-table" ref={host}>
      <caption class="visually-hidden">{t("exercise.setsOf", { name: props.name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("exercise.set")}</th>
          <th scope="col">{t("exercise.type")}</th>
          <th scope="col">{t("exercise.repsHead")}</th>
          <th scope="col">{t("exercise.weightIn", { unit: liftUnit(u) })}</th>
          <th scope="col" class="last-time">
            {t("exercise.lastTime")}
          </th>
          <th scope="col">
            <span class="visually-hidden">{t("exercise.remove")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => {
          const which = { name: props.name, n: i + 1 };
          const before = props.previous?.[i];
          return (
            <tr>
              <td>{i + 1}</td>
              <td>
                <select
                  aria-label={t("exercise.setType", which)}
                  value={row.set_type}
                  onChange={(e) => set(i, { set_type: value(e) as SetType })}
                >
                  {SET_TYPES.map((type) => (
                    <option value={type}>{setTypeLabel(type)}</option>
                  ))}
                </select>
              </td>
              <td>
                <input
                  aria-label={t("exercise.setReps", which)}
                  type="number"
                  inputMode="numeric"
                  min="0"
                  step="1"
                  value={row.reps}
                  placeholder={before?.reps == null ? undefined : String(before.reps)}
                  onInput={(e) => set(i, { reps: value(e) })}
                  onKeyDown={onKey(i)}
                />
              </td>
              <td>
                <input
                  aria-label={t("exercise.setWeight", { ...which, unit: liftUnit(u) })}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="any"
                  value={row.weight}
                  placeholder={
                    before?.weight == null ? undefined : number(liftFromKg(before.weight, u))
                  }
                  onInput={(e) => set(i, { weight: value(e) })}
                  onKeyDown={onKey(i)}
                />
              </td>
              <td class="hint last-time">{before ? describeSet(before, u) : "–"}</td>
              <td>
                <button
                  type="button"
                  class="link-button"
                  aria-label={t("exercise.removeSet", which)}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
