import type { Tx } from "../db.ts";
import { addDays } from "../trackers/day-range.ts";
import { buildDays, type DayWithFigures } from "./build-days.ts";
import { ESTIMATE_WINDOW_DAYS, estimateExpenditure } from "./energy-estimate.ts";
import { readNutritionDays } from "./nutrition.ts";
import {
  listTrainingWeeks,
  listWeighIns,
  listZoneMinutes,
  type WeekStart,
} from "./report-queries.ts";
import { smoothWeights } from "./weight-trend.ts";

const minutes = (seconds: number) => Math.round(seconds / 60);

function nutritionTrend(days: DayWithFigures[]) {
  return days.map((d) => ({
    date: d.date,
    calories: Math.round(d.nutrition.totals.calories),
    protein: Math.round(d.nutrition.totals.protein),
    carbs: Math.round(d.nutrition.totals.carbs),
    fat: Math.round(d.nutrition.totals.fat),
    goal_calories: d.goals?.calories ?? null,
    goal_protein: d.goals?.protein ?? null,
    goal_carbs: d.goals?.carbs ?? null,
    goal_fat: d.goals?.fat ?? null,
  }));
}

function activityCalendar(days: DayWithFigures[]) {
  return days.map((d) => {
    const m = d.exercise.duration_minutes;
    return {
      date: d.date,
      workouts: d.exercise.sessions.length,
      duration_minutes: m,
      calories: Math.round(d.exercise.calories_burned),
      // Heatmap shade: none, under 30 minutes, under an hour, under 90, more.
      level: m === 0 ? 0 : m < 30 ? 1 : m < 60 ? 2 : m < 90 ? 3 : 4,
    };
  });
}

async function expenditure(tx: Tx, userId: string, end: string) {
  const start = addDays(end, 1 - ESTIMATE_WINDOW_DAYS);
  const [intake, weighIns] = await Promise.all([
    readNutritionDays(tx, userId, start, end),
    listWeighIns(tx, userId, start, end),
  ]);
  const logged = [...intake.values()].map((d) => d.totals.calories).filter((kcal) => kcal > 0);
  return { window_start: start, window_end: end, ...estimateExpenditure(logged, weighIns) };
}

/**
 * Every report of a range, training weeks starting on `weekStart`; each is also offered as
 * CSV (see report-csv.ts).
 */
export async function buildReports(
  tx: Tx,
  userId: string,
  start: string,
  end: string,
  weekStart: WeekStart,
) {
  const [days, weighIns, training, zones, energy] = await Promise.all([
    buildDays(tx, userId, start, end),
    listWeighIns(tx, userId, start, end),
    listTrainingWeeks(tx, userId, start, end, weekStart),
    listZoneMinutes(tx, userId, start, end, weekStart),
    expenditure(tx, userId, end),
  ]);
  const zoneWeeks = new Map<string, Record<string, number | string>>();
  for (const z of zones) {
    const week = zoneWeeks.get(z.week_start) ?? {
      week_start: z.week_start,
      zone_1: 0,
      zone_2: 0,
      zone_3: 0,
      zone_4: 0,
      zone_5: 0,
    };
    week[`zone_${z.zone}`] = z.minutes;
    zoneWeeks.set(z.week_start, week);
  }
  return {
    startDate: start,
    endDate: end,
    weight: smoothWeights(weighIns),
    nutrition: nutritionTrend(days),
    training: [...training],
    heart_rate_zones: [...zoneWeeks.values()],
    sleep: days.flatMap((d) =>
      d.sleep
        ? [
            {
              date: d.date,
              asleep_minutes: minutes(d.sleep.time_asleep_seconds),
              in_bed_minutes: minutes(d.sleep.duration_seconds),
              efficiency: d.sleep.efficiency,
            },
          ]
        : [],
    ),
    activity_calendar: activityCalendar(days),
    energy_expenditure: energy,
  };
}

export type Reports = Awaited<ReturnType<typeof buildReports>>;
export const CSV_REPORTS = [
  "weight",
  "nutrition",
  "training",
  "heart_rate_zones",
  "sleep",
  "activity_calendar",
  "energy_expenditure",
] as const;
