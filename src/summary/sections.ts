import { readBatched } from "../database/batched-reads.ts";
import { inRange, type RangeSql } from "../database/sql-text.ts";
import type { Tx } from "../db.ts";
import { goalsForDays } from "../goals/goals-for-days.ts";
import { sleepTimes, sleepTimesSql, type SleepTimesRow } from "../trackers/sleep-queries.ts";
import type { DaySummary, ExerciseSession } from "./day-summary.ts";
import { readNutritionDays } from "./nutrition.ts";

/**
 * A part of the daily summary: reads its data for a range of days in a few queries, then
 * fills each day's summary. The summary of a range and the reports are assembled from this
 * list; one day's summary (day-answer.ts) reads the same selects in one statement and fills
 * its day with the same functions.
 */
export type SummarySection = (
  tx: Tx,
  userId: string,
  start: string,
  end: string,
) => Promise<(day: DaySummary) => void>;

type Dated<T> = T & { entry_date: string };
export type ExerciseRow = Dated<ExerciseSession>;
export type DayFigure = { entry_date: string; value: number };
export type BodyRow = { entry_date: string; weight: number | null; steps: number | null };

const goals: SummarySection = async (tx, userId, start, end) => {
  const byDay = await goalsForDays(tx, userId, start, end);
  return (day) => (day.goals = byDay.get(day.date) ?? null);
};

const nutrition: SummarySection = async (tx, userId, start, end) => {
  const byDay = await readNutritionDays(tx, userId, start, end);
  return (day) => {
    const found = byDay.get(day.date);
    if (found) day.nutrition = found;
  };
};

// A left join: a delegate reading reports may not see the owner's exercise library.
export const exerciseSql: RangeSql = ({ user, start, end }) => `
    select e.id, e.entry_date, coalesce(e.title, x.name, e.activity_type, 'Exercise') as name,
           coalesce(e.duration_seconds, 0) / 60 as duration_minutes,
           coalesce(e.calories_burned, 0) as calories_burned, e.distance as distance_km,
           e.avg_heart_rate, e.source
      from exercise_entries e left join exercises x on x.id = e.exercise_id
     where e.user_id = ${user} and e.entry_date between ${start} and ${end}
     order by e.entry_date, e.start_time nulls first`;

// Several sources report the same day's active energy: the largest figure, not their sum.
export const activeCaloriesSql: RangeSql = ({ user, start, end }) => `
    select entry_date, max(calories) as value from active_calories_entries
     where user_id = ${user} and entry_date between ${start} and ${end} group by entry_date`;

export const waterSql: RangeSql = ({ user, start, end }) => `
    select entry_date, sum(water_ml) as value from water_entries
     where user_id = ${user} and entry_date between ${start} and ${end} group by entry_date`;

/** Steps of the range's days, and the latest weight before it (weighing is not daily). */
export const bodySql: RangeSql = ({ user, start, end }) => `
    (select entry_date, weight, null::int as steps from check_in_measurements
      where user_id = ${user} and entry_date < ${start} and weight is not null
      order by entry_date desc limit 1)
    union all
    (select entry_date, weight, steps from check_in_measurements
      where user_id = ${user} and entry_date between ${start} and ${end})
    order by entry_date`;

/** A figure per day, by day. */
export const byDay = (rows: DayFigure[]) => new Map(rows.map((r) => [r.entry_date, r.value]));
type ByDay = ReturnType<typeof byDay>;

export function fillExercise(day: DaySummary, rows: ExerciseRow[], active: ByDay) {
  const sessions = rows.filter((r) => r.entry_date === day.date).map(({ entry_date, ...s }) => s);
  day.exercise = {
    sessions,
    calories_burned: sessions.reduce((sum, s) => sum + s.calories_burned, 0),
    duration_minutes: Math.round(sessions.reduce((sum, s) => sum + s.duration_minutes, 0)),
    active_calories: active.get(day.date) ?? 0,
  };
}

export function fillWater(day: DaySummary, water: ByDay) {
  day.water_ml = water.get(day.date) ?? 0;
}

/** Steps of the day, and the latest weight on or before it; `rows` oldest first. */
export function fillBody(day: DaySummary, rows: BodyRow[]) {
  for (const row of rows) {
    if (row.entry_date > day.date) break;
    if (row.weight !== null) day.latest_weight = { weight: row.weight, entry_date: row.entry_date };
    if (row.entry_date === day.date) day.steps = row.steps;
  }
}

export function fillSleep(day: DaySummary, sessions: Dated<SleepTimesRow>[]) {
  const nights = sessions.filter((s) => s.entry_date === day.date).map(sleepTimes);
  if (nights.length === 0) return;
  const asleep = nights.reduce((sum, s) => sum + s.time_asleep_seconds, 0);
  const duration = nights.reduce((sum, s) => sum + s.duration_seconds, 0);
  day.sleep = {
    time_asleep_seconds: asleep,
    duration_seconds: duration,
    efficiency: duration > 0 ? Math.round((asleep / duration) * 1000) / 10 : null,
  };
}

const read =
  <T extends object>(sql: RangeSql) =>
  (tx: Tx, userId: string, start: string, end: string) =>
    readBatched<T>(tx, inRange(tx, sql, userId, start, end));

const exercise: SummarySection = async (tx, userId, start, end) => {
  // Both asked for at once: the second needs nothing from the first.
  const [rows, active] = await Promise.all([
    read<ExerciseRow>(exerciseSql)(tx, userId, start, end),
    read<DayFigure>(activeCaloriesSql)(tx, userId, start, end),
  ]);
  const activeByDay = byDay(active);
  return (day) => fillExercise(day, rows, activeByDay);
};

const water: SummarySection = async (...range) => {
  const water = byDay(await read<DayFigure>(waterSql)(...range));
  return (day) => fillWater(day, water);
};

const body: SummarySection = async (...range) => {
  const rows = await read<BodyRow>(bodySql)(...range);
  return (day) => fillBody(day, rows);
};

const sleep: SummarySection = async (...range) => {
  const sessions = await read<Dated<SleepTimesRow>>(sleepTimesSql)(...range);
  return (day) => fillSleep(day, sessions);
};

export const summarySections: SummarySection[] = [goals, nutrition, exercise, water, body, sleep];
