import type { Tx } from "../db.ts";
import { OPTIONAL_GPS_CHANNELS } from "../workouts/series.ts";

type TrackRow = {
  base_time: Date;
  t_offset_ms: number[];
  lat: number[];
  lon: number[];
} & Record<(typeof OPTIONAL_GPS_CHANNELS)[number], (number | null)[] | null>;

/** The workout's track as one object with a `points` array, or null without GPS. */
export async function getGpsTrack(tx: Tx, entryId: string) {
  const [row] = await tx<TrackRow[]>`
    select base_time, t_offset_ms, lat, lon, alt, speed, hr, cad, power, dist, hacc, vacc, course
      from workout_gps_tracks where exercise_entry_id = ${entryId}`;
  if (!row) return null;
  const base = row.base_time.getTime();
  const channels = OPTIONAL_GPS_CHANNELS.filter((name) => row[name] !== null);
  const points = row.t_offset_ms.map((offset, i) => {
    const point: Record<string, unknown> = {
      t: new Date(base + offset).toISOString(),
      lat: row.lat[i],
      lon: row.lon[i],
    };
    for (const name of channels) point[name] = row[name]![i];
    return point;
  });
  return { exercise_entry_id: entryId, start_time: row.base_time, points };
}

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

/** One object per source and day, each with its `samples` as `{t, value}` in time order. */
export async function listMetricSamples(
  tx: Tx,
  userId: string,
  metric: string,
  from: string,
  to: string,
) {
  const rows = await tx<SampleRow[]>`
    select metric, source, sample_date, base_time, t_offset_ms, value, exercise_entry_ids
      from health_metric_samples
     where user_id = ${userId} and metric = ${metric} and sample_date between ${from} and ${to}
     order by sample_date, source`;
  return rows.map((row) => {
    const base = row.base_time.getTime();
    return {
      metric: row.metric,
      source: row.source,
      date: row.sample_date,
      exercise_entry_ids: row.exercise_entry_ids,
      samples: row.t_offset_ms.map((offset, i) => ({
        t: new Date(base + offset).toISOString(),
        value: row.value[i],
      })),
    };
  });
}
