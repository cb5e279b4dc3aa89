import type { Tx } from "../db.ts";
import { isoInstants } from "../lib/iso-instants.ts";

export function listLaps(tx: Tx, entryId: string) {
  return tx`
    select lap_index, start_time, end_time, duration_seconds, timer_time_seconds,
           distance_meters, calories, avg_heart_rate, max_heart_rate, avg_speed_mps, max_speed_mps, avg_cadence,
           max_cadence, avg_power_watts, max_power_watts, elevation_gain_meters,
           elevation_loss_meters
      from workout_laps where exercise_entry_id = ${entryId}
     order by start_time, lap_index`;
}

/** An imported file's sessions (a multisport activity's legs) with the device's figures. */
export function listSessions(tx: Tx, entryId: string) {
  return tx`
    select session_index, activity_type, start_time, end_time, elapsed_time_seconds,
           timer_time_seconds, moving_time_seconds, distance_meters, calories, avg_heart_rate,
           max_heart_rate, avg_speed_mps, max_speed_mps, avg_cadence, max_cadence,
           avg_power_watts, max_power_watts, normalized_power_watts, elevation_gain_meters,
           elevation_loss_meters, stroke_count, first_lap_index, lap_count, set_count, swim
      from workout_sessions where exercise_entry_id = ${entryId}
     order by session_index`;
}

export function listHrZones(tx: Tx, entryId: string) {
  return tx`
    select zone, min_bpm, max_bpm, seconds, max_heart_rate
      from workout_hr_zones where exercise_entry_id = ${entryId} order by zone`;
}

type SampleRow = {
  metric: string;
  source: string;
  sample_date: string;
  base_time: Date;
  /** JSON arrays: JSON.parse reads them several times faster than postgres.js's array parser. */
  t_offset_ms: string;
  value: string;
  exercise_entry_ids: string[];
  status: string | null;
};

export type SamplesQuery = { userId: string; metric: string; from: string; to: string };

/**
 * What a samples read covers, as one string: each row's day, source and version in the
 * rows' order (xmin changes with every write to a row); equal strings mean equal rows.
 */
export function samplesVersion(tx: Tx, query: SamplesQuery) {
  return tx<{ version: string }[]>`
    select coalesce(string_agg(sample_date::text || '/' || source || '/' || xmin::text, ','
                               order by sample_date, source), '') as version
      from health_metric_samples
     where user_id = ${query.userId} and metric = ${query.metric}
       and sample_date between ${query.from} and ${query.to}`;
}

/**
 * One object per source and day, in time order: as `samples` of `{t, value}` (the shape
 * existing clients read), or with `format` "columns" as the day's base time, `t_offset_ms`
 * and `value` arrays; `status` is the day's status word from its source (Garmin's HRV status)
 * or null.
 */
export async function listMetricSamples(tx: Tx, query: SamplesQuery & { columns: boolean }) {
  const rows = await tx<SampleRow[]>`
    select metric, source, sample_date, base_time, array_to_json(t_offset_ms)::text as t_offset_ms,
           array_to_json(value)::text as value, exercise_entry_ids, status
      from health_metric_samples
     where user_id = ${query.userId} and metric = ${query.metric}
       and sample_date between ${query.from} and ${query.to}
     order by sample_date, source`;
  return rows.map((row) => {
    const group = {
      metric: row.metric,
      source: row.source,
      date: row.sample_date,
      exercise_entry_ids: row.exercise_entry_ids,
      status: row.status,
    };
    const offsets = JSON.parse(row.t_offset_ms) as number[];
    const values = JSON.parse(row.value) as number[];
    if (query.columns)
      return { ...group, base_time: row.base_time, t_offset_ms: offsets, value: values };
    const times = isoInstants(row.base_time.getTime(), offsets);
    return { ...group, samples: times.map((t, i) => ({ t, value: values[i] })) };
  });
}
