import { setTypeOf } from "../../exercises/entry-schemas.ts";

/** A set as the other server's set tables hold it (durations and rest in seconds). */
export type SourceSet = {
  set_number: number;
  set_type: string | null;
  reps: number | null;
  weight: number | null;
  duration: number | null;
  rest_time: number | null;
  notes: string | null;
  rpe?: number | null;
  distance?: number | null;
};

/** A set in this server's names; "Working Set" and "Warm-up" become normal and warmup. */
export function setHere(s: SourceSet) {
  return {
    set_number: s.set_number,
    set_type: setTypeOf(s.set_type ?? "") ?? "normal",
    reps: s.reps,
    weight: s.weight === null ? null : Number(s.weight),
    duration_seconds: s.duration,
    distance: s.distance ?? null,
    rpe: s.rpe ?? null,
    rest_time_seconds: s.rest_time,
    notes: s.notes,
  };
}
