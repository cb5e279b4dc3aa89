import { get } from "../../api/client.ts";
import type { Units } from "../../api/types.ts";
import { numberOrNull } from "../../lib/units.ts";
import { lift, liftToKg } from "./format.ts";
import type { SetRow } from "./set-table.tsx";
import type { DayItem, ExerciseEntry, ExerciseSet } from "./types.ts";

/** Typed rows as the API takes them (kg); rows with neither reps nor weight are dropped. */
export function toApiSets(rows: SetRow[], u: Units) {
  return rows
    .filter((r) => r.reps.trim() !== "" || r.weight.trim() !== "")
    .map((r, i) => {
      const weight = numberOrNull(r.weight);
      return {
        set_number: i + 1,
        set_type: r.set_type,
        reps: numberOrNull(r.reps),
        weight: weight == null ? null : Math.round(liftToKg(weight, u) * 1000) / 1000,
      };
    });
}

export function toRows(sets: ExerciseSet[], u: Units): SetRow[] {
  return sets.map((s) => ({
    set_type: s.set_type ?? "normal",
    reps: s.reps == null ? "" : String(s.reps),
    weight: s.weight == null ? "" : String(lift(s.weight, u)),
  }));
}

/** The entries of a day's list, sessions opened up. */
export const entriesOf = (items: DayItem[]): ExerciseEntry[] =>
  items.flatMap((item) => (item.type === "preset" ? item.exercises : [item]));

/** The sets of the latest entry of an exercise with sets, other than `except`. */
export async function previousSets(exerciseId: string, except?: string): Promise<ExerciseSet[]> {
  const query = new URLSearchParams({ exerciseId, pageSize: "5" });
  const { sessions } = await get<{ sessions: DayItem[] }>(
    `/api/v2/exercise-entries/history?${query}`,
  );
  const found = entriesOf(sessions).find(
    (e) => e.exercise_id === exerciseId && e.id !== except && e.sets.length > 0,
  );
  return found?.sets ?? [];
}
