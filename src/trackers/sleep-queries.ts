import type { RangeSql } from "../database/sql-text.ts";
import type { Tx } from "../db.ts";
import { summarizeSleep, type StageEvent } from "./sleep-summary.ts";

type SleepMeasure =
  | "sleep_score"
  | "average_spo2_value"
  | "lowest_spo2_value"
  | "highest_spo2_value"
  | "avg_overnight_hrv";

type SleepRow = {
  id: string;
  entry_date: string;
  bedtime: Date;
  wake_time: Date;
  duration_seconds: number;
  stage_events: StageEvent[];
  record_timezone: string;
  source: string;
  source_key: string;
} & Record<SleepMeasure, number | null>;

export type SleepInput = {
  bedtime: string;
  wake_time: string;
  entry_date?: string;
  stage_events: StageEvent[];
  record_timezone: string;
};

const columns = (tx: Tx) => tx`
  id, entry_date, bedtime, wake_time, duration_seconds, stage_events, record_timezone, source,
  source_key, sleep_score, average_spo2_value, lowest_spo2_value, highest_spo2_value,
  avg_overnight_hrv`;

// Besides its own figures, a night carries the fields other clients of this kind of server
// read (SparkyFitness's sleep entry: *_in_seconds and the per-stage seconds).
function withFigures(row: SleepRow) {
  const figures = summarizeSleep(row.duration_seconds, row.stage_events);
  const stages = figures.stage_totals;
  return {
    ...row,
    // Each stage also under that server's names: stage_type and its length in seconds.
    stage_events: row.stage_events.map((e) => ({
      ...e,
      stage_type: e.stage,
      duration_in_seconds: Math.max(0, (Date.parse(e.end_time) - Date.parse(e.start_time)) / 1000),
    })),
    ...figures,
    duration_in_seconds: row.duration_seconds,
    time_asleep_in_seconds: figures.time_asleep_seconds,
    deep_sleep_seconds: stages.deep,
    light_sleep_seconds: stages.light,
    rem_sleep_seconds: stages.rem,
    awake_sleep_seconds: stages.awake,
  };
}

/** Sessions whose day (the day of waking) is in the range, oldest first. */
export async function listSleepInRange(tx: Tx, userId: string, start: string, end: string) {
  const rows = await tx<SleepRow[]>`
    select ${columns(tx)} from sleep_entries
     where user_id = ${userId} and entry_date between ${start} and ${end}
     order by entry_date, bedtime`;
  return rows.map(withFigures);
}

export type SleepTimesRow = Pick<SleepRow, "duration_seconds" | "stage_events">;

/** Each night's length and stages, for summaries (no instants in it: it reads as JSON). */
export const sleepTimesSql: RangeSql = ({ user, start, end }) => `
    select entry_date, duration_seconds, stage_events from sleep_entries
     where user_id = ${user} and entry_date between ${start} and ${end}
     order by entry_date, bedtime`;

/** A night's length and time asleep. */
export function sleepTimes(row: SleepTimesRow) {
  return {
    duration_seconds: row.duration_seconds,
    time_asleep_seconds: summarizeSleep(row.duration_seconds, row.stage_events).time_asleep_seconds,
  };
}

export async function getSleep(tx: Tx, userId: string, id: string) {
  const [row] = await tx<SleepRow[]>`
    select ${columns(tx)} from sleep_entries where user_id = ${userId} and id = ${id}`;
  return row && withFigures(row);
}

// A night belongs to the day of waking in the record's zone, unless entry_date says otherwise.
const dayOf = (tx: Tx, input: SleepInput) =>
  input.entry_date
    ? tx`${input.entry_date}::date`
    : tx`(${input.wake_time}::timestamptz at time zone ${input.record_timezone})::date`;

/** A manual session: its own source key, so naps and nights never replace each other. */
export async function createSleep(tx: Tx, userId: string, input: SleepInput) {
  const [row] = await tx<SleepRow[]>`
    insert into sleep_entries (user_id, entry_date, bedtime, wake_time, duration_seconds,
                               stage_events, record_timezone, source, source_key)
    values (${userId}, ${dayOf(tx, input)}, ${input.bedtime}, ${input.wake_time},
            extract(epoch from ${input.wake_time}::timestamptz - ${input.bedtime}::timestamptz)::int,
            ${tx.json(input.stage_events)}, ${input.record_timezone}, 'manual',
            ${crypto.randomUUID()})
    returning ${columns(tx)}`;
  return withFigures(row!);
}

export async function updateSleep(tx: Tx, userId: string, id: string, input: SleepInput) {
  const [row] = await tx<SleepRow[]>`
    update sleep_entries set
      entry_date = ${dayOf(tx, input)}, bedtime = ${input.bedtime}, wake_time = ${input.wake_time},
      duration_seconds = extract(epoch from ${input.wake_time}::timestamptz - ${input.bedtime}::timestamptz)::int,
      stage_events = ${tx.json(input.stage_events)},
      record_timezone = ${input.record_timezone}, updated_at = now()
     where user_id = ${userId} and id = ${id}
    returning ${columns(tx)}`;
  return row && withFigures(row);
}

export async function deleteSleep(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from sleep_entries where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}
