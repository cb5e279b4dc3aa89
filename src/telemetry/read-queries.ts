import type { Tx } from "../db.ts";

export function listLaps(tx: Tx, entryId: string) {
  return tx`
    select lap_index, start_time, end_time, duration_seconds, distance_meters,
           avg_heart_rate, max_heart_rate, avg_speed_mps, max_speed_mps, avg_cadence,
           max_cadence, avg_power_watts, max_power_watts, elevation_gain_meters,
           elevation_loss_meters
      from workout_laps where exercise_entry_id = ${entryId}
     order by start_time, lap_index`;
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
  t_offset_ms: number[];
  value: number[];
  exercise_entry_ids: string[];
};

/**
 * One object per source and day, in time order: as `samples` of `{t, value}` (the shape
 * existing clients read), or with `format` "columns" as the day's base time, `t_offset_ms`
 * and `value` arrays.
 */
export async function listMetricSamples(
  tx: Tx,
  query: { userId: string; metric: string; from: string; to: string; columns: boolean },
) {
  const rows = await tx<SampleRow[]>`
    select metric, source, sample_date, base_time, t_offset_ms, value, exercise_entry_ids
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
    };
    if (query.columns)
      return { ...group, base_time: row.base_time, t_offset_ms: row.t_offset_ms, value: row.value };
    const base = row.base_time.getTime();
    return {
      ...group,
      samples: row.t_offset_ms.map((offset, i) => ({
        t: new Date(base + offset).toISOString(),
        value: row.value[i],
      })),
    };
  });
}
