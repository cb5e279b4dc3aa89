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

export async function loadWorkoutForExport(tx: Tx, userId: string, id: string) {
  const [row] = await tx<ExportedWorkout[]>`
    select e.id, e.activity_type, coalesce(x.name, e.activity_type) as name, e.title,
           e.start_time, e.duration_seconds, e.distance, e.calories_burned,
           g.base_time, g.t_offset_ms, g.lat, g.lon, g.alt, g.speed, g.hr, g.cad, g.power, g.dist,
           coalesce((select json_agg(json_build_object('start_time', l.start_time,
                                                       'end_time', l.end_time)
                                     order by l.lap_index)
                       from workout_laps l where l.exercise_entry_id = e.id), '[]') as laps
      from exercise_entries e
      left join exercises x on x.id = e.exercise_id
      left join workout_gps_tracks g on g.exercise_entry_id = e.id
     where e.id = ${id} and e.user_id = ${userId}`;
  return row;
}
