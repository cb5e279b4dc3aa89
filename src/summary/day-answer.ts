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

/** An object's members as JSON, without its braces. */
const members = (value: object) => JSON.stringify(value).slice(1, -1);

/**
 * One day's summary as the JSON the phone app reads, in UTF-8 and in parts: the day (goals,
 * intake per meal and nutrient, exercise, water, steps, sleep, latest weight, net calories,
 * progress against the goals) with the food eaten (`nutrition.entries`, again as
 * `foodEntries`), the exercise screens' sessions (`exerciseSessions`) and `waterIntake`. The
 * food list is PostgreSQL's bytes, placed twice as they came: the rest is small.
 */
export function dayAnswerJson(date: string, row: DayRow): Uint8Array<ArrayBuffer>[] {
  const day = emptyDay(date);
  day.goals = goalsOnDays(date, date, row.goals).get(date) ?? null;
  day.nutrition = { totals: row.totals, meals: row.meals };
  fillExercise(day, row.exercise, byDay(row.active));
  fillWater(day, byDay(row.water));
  fillBody(day, row.body);
  fillSleep(day, row.sleep);
  const sessions = groupEntries(
    row.day_entries.map(withInstants(ENTRY_INSTANTS)),
    row.day_sessions.map(withInstants(["created_at"])),
  );
  const { date: _, goals, nutrition, ...rest } = { ...day, ...deriveFigures(day) };
  const { totals, meals } = nutrition;
  // The answer's text before, between and after the two places the food list goes.
  const [before, between, after] = [
    `{${members({ date, goals })},"nutrition":{${members({ totals, meals })},"entries":`,
    `},${members(rest)},"foodEntries":`,
    `,${members({ exerciseSessions: sessions, waterIntake: day.water_ml })}}`,
  ].map((text) => Buffer.from(text));
  return [before!, row.entries, between!, row.entries, after!];
}
