import type { Tx } from "../db.ts";

/** One workout with its GPS track columns and lap windows, for export. */
export type ExportedWorkout = {
  id: string;
  activity_type: string | null;
  name: string | null;
  title: string | null;
  start_time: Date | null;
  duration_seconds: number | null;
  distance: number | null;
  calories_burned: number | null;
  base_time: Date | null;
  t_offset_ms: number[] | null;
  lat: number[] | null;
  lon: number[] | null;
  alt: (number | null)[] | null;
  speed: (number | null)[] | null;
  hr: (number | null)[] | null;
  cad: (number | null)[] | null;
  power: (number | null)[] | null;
  dist: (number | null)[] | null;
  laps: { start_time: string; end_time: string }[];
};

/**
 * The track is check-in telemetry and the entry diary data: a delegate with only
 * can_manage_checkin reads the track of an entry whose row RLS hides from them, so the
 * entry's existence is asked of app_exercise_entry_exists (see sql/00009) and its columns
 * come back null.
 */
export async function loadWorkoutForExport(tx: Tx, userId: string, id: string) {
  const [row] = await tx<ExportedWorkout[]>`
    select ${id}::uuid as id, e.activity_type, coalesce(x.name, e.activity_type) as name,
           e.title, coalesce(e.start_time, g.base_time) as start_time, e.duration_seconds,
           e.distance, e.calories_burned, g.base_time, g.t_offset_ms, g.lat, g.lon, g.alt,
           g.speed, g.hr, g.cad, g.power, g.dist,
           coalesce((select json_agg(json_build_object('start_time', l.start_time,
                                                       'end_time', l.end_time)
                                     order by l.lap_index)
                       from workout_laps l where l.exercise_entry_id = ${id}), '[]') as laps
      from (select 1) as one
      left join exercise_entries e on e.id = ${id} and e.user_id = ${userId}
      left join exercises x on x.id = e.exercise_id
      left join workout_gps_tracks g on g.exercise_entry_id = ${id} and g.user_id = ${userId}
     where app_exercise_entry_exists(${userId}, ${id})`;
  return row;
}
