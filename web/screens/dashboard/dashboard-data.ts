import { get } from "../../api/client.ts";
import type { CheckIn, DaySamples } from "../../api/types.ts";
import { addDays } from "../../lib/dates.ts";
import { actingFor } from "../../lib/session.ts";
import type { DayItem } from "../workouts/workout-line.ts";

/** One day of GET /api/daily-summary/range, as far as the dashboard reads it. */
export type SummaryDay = {
  date: string;
  steps: number | null;
  water_ml: number;
  nutrition: { totals: { calories: number } };
  sleep: { time_asleep_seconds: number } | null;
  progress: Record<"calories" | "steps" | "water_ml", { goal: number | null }>;
  exercise: {
    calories_burned: number;
    sessions: { id: string }[];
  };
};

export type DashboardData = {
  checkIns: CheckIn[];
  days: SummaryDay[];
  heartRate: { data: DaySamples[] };
  /** Where the day's calorie goal comes from ("default" until set); null for someone shared. */
  goalSource: string | null;
  /** The newest workout or session of the range, as the workouts list shows it. */
  lastWorkout: DayItem | null;
};

/** How many days, today included, the dashboard reads. */
export const DASHBOARD_DAYS = 30;

/**
 * The last 30 days in four requests: check-ins, the daily summaries, today's heart rate and
 * today's goal (read together, so the first-steps card does not arrive late and push the page),
 * then the day of the last workout (the summaries list a session's exercises one by one).
 */
export function loadDashboard(day: string): Promise<DashboardData> {
  const from = addDays(day, 1 - DASHBOARD_DAYS);
  return Promise.all([
    get<CheckIn[]>(`/api/measurements/check-in-measurements-range/${from}/${day}`),
    get<SummaryDay[]>(`/api/daily-summary/range?startDate=${from}&endDate=${day}`),
    get<{ data: DaySamples[] }>(`/api/generic-health/samples?metric=heart_rate&date=${day}`),
    // The first-steps card is one's own, so a delegate (who may lack goals) does not ask.
    actingFor.value ? null : get<{ source: string }>(`/api/goals/for-date?date=${day}`),
  ]).then(async ([checkIns, days, heartRate, goal]) => ({
    checkIns,
    days,
    heartRate,
    goalSource: goal?.source ?? null,
    lastWorkout: await lastWorkout(days),
  }));
}

/** Noon of the day in local time, in Unix seconds (an x value for day charts). */
export function dayToSeconds(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12).getTime() / 1000;
}

/** Every source's samples of the day merged in time order. */
export function samplesSeries(days: DaySamples[]): { x: number[]; y: number[] } {
  const all = days.flatMap((d) => d.samples).sort((a, b) => a.t.localeCompare(b.t));
  return { x: all.map((s) => Date.parse(s.t) / 1000), y: all.map((s) => s.value) };
}

/** The newest workout or session of the range (a day's items come oldest first). */
async function lastWorkout(days: SummaryDay[]): Promise<DayItem | null> {
  const day = days.findLast((d) => d.exercise.sessions.length > 0);
  if (!day) return null;
  const items = await get<DayItem[]>(`/api/v2/exercise-entries/by-date?selectedDate=${day.date}`);
  return items.at(-1) ?? null;
}
