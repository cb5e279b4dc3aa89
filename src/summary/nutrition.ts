import type { Tx } from "../db.ts";
import { diaryNutrition } from "./diary-nutrition.ts";
import { NUTRIENTS, type NutrientTotals } from "./nutrients.ts";
import { syncedNutrition } from "./synced-nutrition.ts";

/** What a source ate on a day at one meal, totalled per nutrient. */
export type MealIntake = {
  entry_date: string;
  meal_type: string;
  nutrients: Partial<NutrientTotals>;
};

/**
 * Where eaten food is read from: the food diary and phones' synced nutrition. Each source
 * gives its totals per day and meal of a range, summed in SQL so a year of reports reads
 * hundreds of rows, not thousands. Another source is one more entry here, and one more
 * item list in day-statement.ts (one day's summary lists what was eaten).
 */
export type NutritionSource = (
  tx: Tx,
  userId: string,
  start: string,
  end: string,
) => Promise<MealIntake[]>;
export const nutritionSources: NutritionSource[] = [diaryNutrition, syncedNutrition];

export type DayNutrition = {
  totals: NutrientTotals;
  meals: Record<string, NutrientTotals>;
};

export const emptyTotals = (): NutrientTotals =>
  Object.fromEntries(NUTRIENTS.map((n) => [n, 0])) as NutrientTotals;

function addInto(totals: NutrientTotals, nutrients: Partial<NutrientTotals>) {
  for (const n of NUTRIENTS) totals[n] += nutrients[n] ?? 0;
}

/** Intake per day, per meal and per nutrient of a range, from every nutrition source. */
export async function readNutritionDays(tx: Tx, userId: string, start: string, end: string) {
  const intakes = await Promise.all(nutritionSources.map((read) => read(tx, userId, start, end)));
  const days = new Map<string, DayNutrition>();
  for (const intake of intakes.flat()) {
    let day = days.get(intake.entry_date);
    if (!day) days.set(intake.entry_date, (day = { totals: emptyTotals(), meals: {} }));
    addInto(day.totals, intake.nutrients);
    addInto((day.meals[intake.meal_type] ??= emptyTotals()), intake.nutrients);
  }
  return days;
}
