import type { Tx } from "../db.ts";

/** One workout with its GPS track columns and lap windows, for export. */
export type ExportedWorkout = {
  id: string;
  activity_type: string | null;
  name: string | null;
  title: string | null;
  start_time: Date | null;
  /** Recording (timer) time; elapsed_time_seconds is the whole span, pauses included. */
  duration_seconds: number | null;
  elapsed_time_seconds: number | null;
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
  segment_starts: number[] | null;
  laps: {
    start_time: string;
    end_time: string;
    /** Null for a lap the server measured rather than a device recorded. */
    timer_time_seconds: number | null;
    distance_meters: number | null;
    calories: number | null;
    avg_heart_rate: number | null;
    max_heart_rate: number | null;
  }[];
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
           e.elapsed_time_seconds, e.distance, e.calories_burned, g.base_time, g.t_offset_ms,
           g.lat, g.lon, g.alt, g.speed, g.hr, g.cad, g.power, g.dist, g.segment_starts,
           coalesce((select json_agg(json_build_object('start_time', l.start_time,
                                                       'end_time', l.end_time,
                                                       'timer_time_seconds', l.timer_time_seconds,
                                                       'distance_meters', l.distance_meters,
                                                       'calories', l.calories,
                                                       'avg_heart_rate', l.avg_heart_rate,
                                                       'max_heart_rate', l.max_heart_rate)
                                     order by l.lap_index)
                       from workout_laps l where l.exercise_entry_id = ${id}), '[]') as laps
      from (select 1) as one
      left join exercise_entries e on e.id = ${id} and e.user_id = ${userId}
      left join exercises x on x.id = e.exercise_id
      left join workout_gps_tracks g on g.exercise_entry_id = ${id} and g.user_id = ${userId}
     where app_exercise_entry_exists(${userId}, ${id})`;
  return row;
}

/**
 * The heart rate recorded with a workout that has no GPS track (a treadmill run, a rowing
 * session): its samples between the workout's start and end, in time order.
 */
export async function loadWorkoutHeartRate(
  tx: Tx,
  userId: string,
  w: ExportedWorkout,
): Promise<{ t: number[]; bpm: number[] }> {
  const start = w.start_time ?? new Date(0);
  const seconds = w.elapsed_time_seconds ?? w.duration_seconds ?? 0;
  const rows = await tx<{ t: number; bpm: number }[]>`
    select extract(epoch from s.base_time) * 1000 + u.offset_ms as t, u.bpm
      from health_metric_samples s, unnest(s.t_offset_ms, s.value) as u(offset_ms, bpm)
     where s.user_id = ${userId} and s.metric = 'heart_rate'
       and ${w.id}::uuid = any(s.exercise_entry_ids)
       and s.base_time + u.offset_ms * interval '1 millisecond'
           between ${start} and ${new Date(start.getTime() + seconds * 1000)}
     order by 1`;
  return { t: rows.map((r) => Number(r.t)), bpm: rows.map((r) => Number(r.bpm)) };
}
