import {
  groupByDay,
  mergeMetricSamples,
  type SampleSeries,
} from "../../telemetry/samples-store.ts";
import { copyTable, saveChanged, withDropped, withItems, type Removal } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "../run/context.ts";
import { sampleDayKey, type ImportedDigests } from "../run/import-record.ts";
import { SOURCE } from "./trackers.ts";
import { wallClock, type RecordZone } from "../../lib/record-time.ts";
import type { Tx } from "../../db.ts";

/** Blood pressure, glucose and temperature readings go to the vitals tracker. */
export const vitalsEntries = copyTable(
  "vitals_entries",
  "vitals_entries",
  [
    "entry_date",
    "measured_at",
    "systolic_mmhg",
    "diastolic_mmhg",
    "blood_glucose_mgdl",
    "body_temperature_celsius",
    "meal_context",
    "source",
  ],
  (u) => u.src<SourceRow[]>`
    select id, entry_date, "timestamp" as measured_at, systolic_mmhg, diastolic_mmhg,
           blood_glucose_mgdl, body_temperature_celsius, meal_context, ${SOURCE}::text as source
      from public.vitals_entries where user_id = ${u.userId}`,
);

type SourceDay = {
  entry_date: string;
  steps: number | null;
  active_calories: number | null;
};

/** How the import record names a day this step wrote (its steps, its active calories). */
const METRICS_DAY = "day ";

/**
 * A day's steps fill that day's check-in (where the source's check-in for the day has none)
 * and its active calories the per-day active-calories store under source `sparkyfitness`;
 * of several providers' rows for a day, the highest figures count. A re-run brings both to
 * the source's value (copy-rows.ts), and takes away those of a day deleted there (or left
 * without them) unless changed here since: the steps leave the day's check-in, which goes
 * when nothing else was measured that day. The counts are of those values, a day's steps and
 * its calories apart. The other daily figures (resting heart rate, VO2 max, training load, ...)
 * have no store here and stay behind.
 */
export const dailyHealthMetrics: TableImporter = {
  table: "daily_health_metrics",
  async run(u) {
    const days = await userRows(
      u,
      () => u.src<SourceDay[]>`
        select entry_date::text, max(total_steps) as steps,
               max(active_calories)::float8 as active_calories
          from public.daily_health_metrics where user_id = ${u.userId}
         group by entry_date order by entry_date`,
      "public.daily_health_metrics",
    );
    const withSteps = days.filter((d) => d.steps !== null && d.steps >= 0);
    const withCalories = days.filter((d) => d.active_calories !== null && d.active_calories >= 0);
    const dayId = (d: SourceDay) => `${METRICS_DAY}${d.entry_date}`;
    const hereId = (_: SourceDay, last: ImportedDigests | undefined) => last?.hereId;
    const steps = await saveChanged(
      u,
      "check_in_measurements",
      ["steps"],
      withSteps.map((d) => ({ ...d, active_calories: null })),
      dayId,
      hereId,
      (d, id) => saveSteps(u, d, id),
      { carryDeletions: true, owns: isMetricsDay, remove: removeSteps },
    );
    const calories = await saveChanged(
      u,
      "active_calories_entries",
      ["calories"],
      withCalories.map((d) => ({ ...d, steps: null })),
      dayId,
      hereId,
      async (d) => {
        const [row] = await u.tx<{ id: string }[]>`
          insert into active_calories_entries (user_id, entry_date, calories, source)
          values (${u.userId}, ${d.entry_date}, ${d.active_calories}, ${SOURCE})
          on conflict (user_id, entry_date, source) do update
            set calories = excluded.calories, updated_at = now()
          returning id::text`;
        return row!.id;
      },
      { carryDeletions: true },
    );
    const neither = days.filter((d) => !withSteps.includes(d) && !withCalories.includes(d));
    u.summary.skip("a day without steps or active calories", neither.length);
    return withDropped(withItems(steps, calories), neither.length);
  },
};

/** Whether a check-in row the import recorded is one this step wrote (the check-ins' are theirs). */
export const isMetricsDay = (sourceId: string) => sourceId.startsWith(METRICS_DAY);

// A check-in's columns that are not measurements (updated_by: app_protect_user_table).
const NOT_MEASURED = ["id", "user_id", "entry_date", "created_at", "updated_at", "updated_by"];

/**
 * Takes a day's steps off its check-in; the row goes when they were all it held (any other
 * column, one added later included, keeps it).
 */
const removeSteps: Removal = async (tx, id) => {
  const [row] = await tx<{ empty: boolean }[]>`
    update check_in_measurements c set steps = null, updated_at = now() where id = ${id}
    returning jsonb_strip_nulls(to_jsonb(c)) - ${NOT_MEASURED}::text[] = '{}' as empty`;
  if (row?.empty) await tx`delete from check_in_measurements where id = ${id}`;
  return { count: row ? 1 : 0 };
};

/** A day's steps on its check-in: a new day's, or the one the last run wrote (`id`). */
async function saveSteps(u: UserImport, d: SourceDay, id: string | undefined) {
  const [row] = id
    ? await u.tx<{ id: string }[]>`
        update check_in_measurements set steps = ${d.steps}, updated_at = now()
         where id = ${id} returning id::text`
    : await u.tx<{ id: string }[]>`
        insert into check_in_measurements (user_id, entry_date, steps)
        values (${u.userId}, ${d.entry_date}, ${d.steps})
        on conflict (user_id, entry_date) do update set steps = excluded.steps, updated_at = now()
         where check_in_measurements.steps is null
        returning id::text`;
  if (!row) u.summary.skip("steps: the day's check-in has its own");
  return row?.id ?? null;
}

type SourceSamples = { metric: string; source: string; entry_date: string; samples: unknown };

/**
 * Heart-rate, HRV, respiration, SpO2, stress and body-battery sample series. Samples that
 * name an exercise entry (`ex`) come over with that workout (exercise_entries: its samples
 * and zones); the others merge into this server's per-day sample rows under the source that
 * wrote them there (`garmin`, ...), one per metric, source and day in the account's zone (a
 * source row can reach over two days here). A re-run brings each such day to the source's
 * value (copy-rows.ts), keeping a day changed here as a conflict, and deletes a day whose
 * samples are all gone there by the same rule; the counts are of those days, plus the source
 * rows left out. A day row that also holds a workout's samples is merged into, never
 * replaced or deleted: its samples deleted there stay. A sample's `status` word (Garmin's HRV status on the
 * nightly summary) becomes its day's status.
 */
export const healthMetricSamples: TableImporter = {
  table: "health_metric_samples",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceSamples[]>`
        select lower(metric) as metric,
               coalesce(nullif(regexp_replace(lower(source_provider), '[^a-z0-9]+', '_', 'g'), ''), ${SOURCE}) as source,
               entry_date, samples
          from public.health_metric_samples
         where user_id = ${u.userId} order by entry_date`,
      "public.health_metric_samples",
    );
    const bySeries = new Map<string, { metric: string; source: string; samples: Sample[] }>();
    let dropped = 0;
    for (const row of rows) {
      const samples = Array.isArray(row.samples) ? (row.samples as Sample[]) : [];
      const daySamples = samples.filter((s) => !s?.ex);
      if (daySamples.length === 0 && samples.length > 0) {
        u.summary.skip(
          "metric samples kept with their workout (exercise_entries), not as day samples",
        );
        dropped++;
      } else if (toSeries(daySamples, row.metric).t.length === 0) {
        u.summary.skip("metric samples without a time and a value");
        dropped++;
      } else {
        const id = `${row.metric}\u0000${row.source}`;
        const series = bySeries.get(id) ?? { metric: row.metric, source: row.source, samples: [] };
        bySeries.set(id, series);
        series.samples.push(...daySamples);
      }
    }
    const zone = { kind: "iana", name: u.zone } as const;
    const days = [...bySeries.values()].flatMap(({ metric, source, samples }) => {
      const statuses = statusByDay(samples, zone);
      return [...groupByDay(toSeries(samples, metric), zone)].map(([day, series]): SampleDay => ({
        metric,
        source,
        day,
        series,
        status: statuses.get(day),
      }));
    });
    const key = (d: SampleDay) => sampleDayKey(u.userId, d.metric, d.source, d.day);
    const counts = await saveChanged(
      u,
      "health_metric_samples",
      ["base_time", "t_offset_ms", "value", "status"],
      days,
      key,
      // A day not recorded yet (one a workout's samples made, or an earlier release wrote)
      // is merged into: its samples at other times stay.
      (_, last) => last?.hereId,
      async (d, known) => {
        const { metric, source, status } = d;
        // A day written before is replaced: samples deleted there go with it.
        if (known) await deleteDay(u.tx, u.userId, known);
        const target = { userId: u.userId, metric, source, status, entryId: null };
        await mergeMetricSamples(u.tx, target, d.series, zone);
        return key(d);
      },
      {
        carryDeletions: true,
        remove: (tx, known) => deleteDay(tx, u.userId, known),
      },
    );
    return withDropped(counts, dropped);
  },
};

type Sample = Record<string, unknown>;

/** Deletes the user's day row named `key` (sampleDayKey) unless it holds a workout's samples. */
const deleteDay = (tx: Tx, userId: string, key: string) => tx`
  delete from health_metric_samples
   where user_id = ${userId} and exercise_entry_ids = '{}'
     and concat_ws('/', user_id, metric, source, sample_date) = ${key}`;

// Where each metric's value sits in a sample, as SparkyFitness's Garmin sync writes them
// (healthMetricSampleWriter: {t, ...fields}); `value` for any other writer.
const VALUE_KEY: Record<string, string> = {
  heart_rate: "bpm",
  hrv: "rmssd_ms",
  respiration: "brpm",
  spo2: "percentage",
  stress: "level",
  body_battery: "level",
};

type SampleDay = {
  metric: string;
  source: string;
  day: string;
  series: SampleSeries;
  /** Absent (not null) without one, so such days' digests stay as before. */
  status?: string;
};

/** Each day's status word in `zone`: the latest sample's that has one. */
function statusByDay(samples: Sample[], zone: RecordZone) {
  const byDay = new Map<string, { t: number; status: string }>();
  for (const s of samples) {
    const status = typeof s?.status === "string" ? s.status.trim() : "";
    const t = Date.parse(String(s?.t ?? s?.timestamp ?? s?.time ?? ""));
    if (!status || !Number.isFinite(t)) continue;
    const day = wallClock(new Date(t), zone).date;
    if ((byDay.get(day)?.t ?? -Infinity) <= t) byDay.set(day, { t, status: status.slice(0, 40) });
  }
  return new Map([...byDay].map(([day, { status }]) => [day, status]));
}

/** Samples as [{ t | timestamp | time, <the metric's key> | value }], sorted, one value per instant. */
function toSeries(samples: Sample[], metric: string) {
  const valueKey = VALUE_KEY[metric] ?? "value";
  const byTime = new Map<number, number>();
  for (const s of samples) {
    const t = Date.parse(String(s?.t ?? s?.timestamp ?? s?.time ?? ""));
    const raw = s?.[valueKey] ?? s?.value;
    const value = Number(raw);
    if (Number.isFinite(t) && raw !== null && raw !== undefined && Number.isFinite(value))
      byTime.set(t, value);
  }
  const t = [...byTime.keys()].sort((a, b) => a - b);
  return { t, values: t.map((x) => byTime.get(x)!) };
}
