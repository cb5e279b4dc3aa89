import type { Tx } from "../db.ts";
import { arrayParameter, offsetsParameter, type ArrayParameter } from "./binary-array.ts";
import { wallClock, type RecordZone } from "../lib/record-time.ts";

/** Samples of one metric from one source, as epoch-ms times with values. */
export type SampleSeries = { t: number[]; values: number[] };

type DayRow = {
  user_id: string;
  metric: string;
  source: string;
  sample_date: string;
  base_time: Date;
  t_offset_ms: ArrayParameter;
  value: ArrayParameter;
  exercise_entry_ids: string[];
  status: string | null;
};

// Every UTC offset in use is a multiple of 15 minutes, so all instants in one 15-minute
// bucket share a calendar day: one time-zone lookup per bucket instead of per sample.
const BUCKET_MS = 15 * 60_000;

/** Midnight UTC of a day: the base the day row's offsets count from. */
export function dayBase(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Splits sorted samples into one row per calendar day in `zone`. */
export function groupByDay(series: SampleSeries, zone: RecordZone): Map<string, SampleSeries> {
  const days = new Map<string, SampleSeries>();
  const dayOfBucket = new Map<number, string>();
  series.t.forEach((t, i) => {
    const bucket = Math.floor(t / BUCKET_MS);
    let day = dayOfBucket.get(bucket);
    if (day === undefined) {
      day = wallClock(new Date(t), zone).date;
      dayOfBucket.set(bucket, day);
    }
    let group = days.get(day);
    if (!group) days.set(day, (group = { t: [], values: [] }));
    group.t.push(t);
    group.values.push(series.values[i]!);
  });
  return days;
}

/**
 * Merges samples into the (user, day, metric, source) rows in one statement. Existing
 * samples stay; a sample at a time the row already holds replaces it, so a repeated
 * timestamp from the same source is one sample. A `status` (the device's word for the day,
 * such as Garmin's HRV status) replaces the row's; without one the row keeps its own.
 */
export async function mergeMetricSamples(
  tx: Tx,
  target: {
    userId: string;
    metric: string;
    source: string;
    entryId: string | null;
    status?: string;
  },
  series: SampleSeries,
  zone: RecordZone,
): Promise<void> {
  const rows: DayRow[] = [];
  for (const [day, group] of groupByDay(series, zone)) {
    const base = dayBase(day);
    rows.push({
      user_id: target.userId,
      metric: target.metric,
      source: target.source,
      sample_date: day,
      base_time: new Date(base),
      t_offset_ms: offsetsParameter(tx, group.t, base),
      value: arrayParameter(tx, group.values, "float4"),
      exercise_entry_ids: target.entryId ? [target.entryId] : [],
      status: target.status ?? null,
    });
  }
  if (rows.length === 0) return;
  await tx`
    insert into health_metric_samples ${tx(rows)}
    on conflict (user_id, metric, source, sample_date) do update set
      (t_offset_ms, value) = (
        select array_agg(m.o order by m.o), array_agg(m.v order by m.o)
          from (select distinct on (b.o) b.o, b.v
                  from (select n.o, n.v, 0 as rank
                          from unnest(excluded.t_offset_ms, excluded.value) as n (o, v)
                        union all
                        select e.o, e.v, 1
                          from unnest(health_metric_samples.t_offset_ms,
                                      health_metric_samples.value) as e (o, v)) b
                 order by b.o, b.rank) m),
      exercise_entry_ids = array(
        select distinct unnest(health_metric_samples.exercise_entry_ids || excluded.exercise_entry_ids)),
      status = coalesce(excluded.status, health_metric_samples.status),
      updated_at = now()
    -- A re-post of samples the row already holds exactly changes nothing: skip the write.
    where (health_metric_samples.t_offset_ms, health_metric_samples.value)
          is distinct from (excluded.t_offset_ms, excluded.value)
       or not health_metric_samples.exercise_entry_ids @> excluded.exercise_entry_ids
       or (excluded.status is not null and excluded.status is distinct from health_metric_samples.status)`;
}
