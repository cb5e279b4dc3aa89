import { groupEntries } from "../exercises/session-view.ts";
import { goalsOnDays } from "../goals/goals-for-days.ts";
import { ENTRY_INSTANTS } from "../workouts/read-queries.ts";
import { deriveFigures, emptyDay } from "./day-summary.ts";
import type { DayRow } from "./day-statement.ts";
import { byDay, fillBody, fillExercise, fillSleep, fillWater } from "./sections.ts";

/** Instants read as JSON text become Dates again, answered as a row read would answer them. */
const withInstants =
  (keys: readonly string[]) =>
  <T extends Record<string, unknown>>(row: T): T => {
    const copy: Record<string, unknown> = { ...row };
    for (const key of keys) if (typeof copy[key] === "string") copy[key] = new Date(copy[key]);
    return copy as T;
  };

/** A JSON object from its members' JSON texts, in order. */
const object = (members: [string, string][]) =>
  `{${members.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(",")}}`;

/**
 * One day's summary as the JSON text the phone app reads: the day (goals, intake per meal and
 * nutrient, exercise, water, steps, sleep, latest weight, net calories, progress against the
 * goals) with the food eaten (`nutrition.entries`, again as `foodEntries`), the exercise
 * screens' sessions (`exerciseSessions`) and `waterIntake`. The food list is PostgreSQL's
 * text, passed through: the rest is small.
 */
export function dayAnswerJson(date: string, row: DayRow): string {
  const day = emptyDay(date);
  day.goals = goalsOnDays(date, date, row.goals).get(date) ?? null;
  day.nutrition = { totals: row.totals, meals: row.meals };
  fillExercise(day, row.exercise, byDay(row.active));
  fillWater(day, byDay(row.water));
  fillBody(day, row.body);
  fillSleep(day, row.sleep);
  const nutrition = object([
    ["totals", JSON.stringify(row.totals)],
    ["meals", JSON.stringify(row.meals)],
    ["entries", row.entries],
  ]);
  const sessions = groupEntries(
    row.day_entries.map(withInstants(ENTRY_INSTANTS)),
    row.day_sessions.map(withInstants(["created_at"])),
  );
  return object([
    ...Object.entries({ ...day, ...deriveFigures(day) }).map(([key, value]): [string, string] => [
      key,
      key === "nutrition" ? nutrition : JSON.stringify(value),
    ]),
    ["foodEntries", row.entries],
    ["exerciseSessions", JSON.stringify(sessions)],
    ["waterIntake", JSON.stringify(day.water_ml)],
  ]);
}
