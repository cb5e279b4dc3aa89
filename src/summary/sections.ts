import { readBatched } from "../database/batched-reads.ts";
import type { Tx } from "../db.ts";
import { goalsForDays } from "../goals/goals-for-days.ts";
import { listSleepTimesInRange } from "../trackers/sleep-queries.ts";
import type { DaySummary, ExerciseSession } from "./day-summary.ts";
import { readNutritionDays } from "./nutrition.ts";

/**
 * A part of the daily summary: reads its data for a range of days in a few queries, then
 * fills each day's summary. The summary and the reports are assembled from this list.
 */
export type SummarySection = (
  tx: Tx,
  userId: string,
  start: string,
  end: string,
) => Promise<(day: DaySummary) => void>;

const goals: SummarySection = async (tx, userId, start, end) => {
  const byDay = await goalsForDays(tx, userId, start, end);
  return (day) => (day.goals = byDay.get(day.date) ?? null);
};

const nutrition: SummarySection = async (tx, userId, start, end) => {
  // Itemised for one day (the phone lists the food); totals only for a range.
  const byDay = await readNutritionDays(tx, userId, { start, end, itemised: start === end });
  return (day) => {
    const found = byDay.get(day.date);
    if (found) day.nutrition = found;
  };
};

const exercise: SummarySection = async (tx, userId, start, end) => {
  // Both asked for at once: the second needs nothing from the first. A left join: a
  // delegate reading reports may not see the owner's exercise library.
  const [rows, active] = await Promise.all([
    readBatched<ExerciseSession & { entry_date: string }>(
      tx,
      tx`
    select e.id, e.entry_date, coalesce(e.title, x.name, e.activity_type, 'Exercise') as name,
           coalesce(e.duration_seconds, 0) / 60 as duration_minutes,
           coalesce(e.calories_burned, 0) as calories_burned, e.distance as distance_km,
           e.avg_heart_rate, e.source
      from exercise_entries e left join exercises x on x.id = e.exercise_id
     where e.user_id = ${userId} and e.entry_date between ${start} and ${end}
     order by e.entry_date, e.start_time nulls first`,
    ),
    // Several sources report the same day's active energy: the largest figure, not their sum.
    readBatched<{ entry_date: string; calories: number }>(
      tx,
      tx`
    select entry_date, max(calories) as calories from active_calories_entries
     where user_id = ${userId} and entry_date between ${start} and ${end} group by entry_date`,
    ),
  ]);
  const activeByDay = new Map(active.map((a) => [a.entry_date, a.calories]));
  return (day) => {
    const sessions = rows.filter((r) => r.entry_date === day.date).map(({ entry_date, ...s }) => s);
    day.exercise = {
      sessions,
      calories_burned: sessions.reduce((sum, s) => sum + s.calories_burned, 0),
      duration_minutes: Math.round(sessions.reduce((sum, s) => sum + s.duration_minutes, 0)),
      active_calories: activeByDay.get(day.date) ?? 0,
    };
  };
};

const water: SummarySection = async (tx, userId, start, end) => {
  const rows = await readBatched<{ entry_date: string; water_ml: number }>(
    tx,
    tx`
    select entry_date, sum(water_ml) as water_ml from water_entries
     where user_id = ${userId} and entry_date between ${start} and ${end} group by entry_date`,
  );
  const byDay = new Map(rows.map((r) => [r.entry_date, r.water_ml]));
  return (day) => (day.water_ml = byDay.get(day.date) ?? 0);
};

/** Steps of the day, and the latest weight on or before it (weighing is not daily). */
const body: SummarySection = async (tx, userId, start, end) => {
  const rows = await readBatched<{
    entry_date: string;
    weight: number | null;
    steps: number | null;
  }>(
    tx,
    tx`
    (select entry_date, weight, null::int as steps from check_in_measurements
      where user_id = ${userId} and entry_date < ${start} and weight is not null
      order by entry_date desc limit 1)
    union all
    (select entry_date, weight, steps from check_in_measurements
      where user_id = ${userId} and entry_date between ${start} and ${end})
    order by entry_date`,
  );
  return (day) => {
    for (const row of rows) {
      if (row.entry_date > day.date) break;
      if (row.weight !== null)
        day.latest_weight = { weight: row.weight, entry_date: row.entry_date };
      if (row.entry_date === day.date) day.steps = row.steps;
    }
  };
};

const sleep: SummarySection = async (tx, userId, start, end) => {
  const sessions = await listSleepTimesInRange(tx, userId, start, end);
  return (day) => {
    const nights = sessions.filter((s) => s.entry_date === day.date);
    if (nights.length === 0) return;
    const asleep = nights.reduce((sum, s) => sum + s.time_asleep_seconds, 0);
    const duration = nights.reduce((sum, s) => sum + s.duration_seconds, 0);
    day.sleep = {
      time_asleep_seconds: asleep,
      duration_seconds: duration,
      efficiency: duration > 0 ? Math.round((asleep / duration) * 1000) / 10 : null,
    };
  };
};

export const summarySections: SummarySection[] = [goals, nutrition, exercise, water, body, sleep];
