import type { Tx } from "../db.ts";
import { diaryNutrition } from "./diary-nutrition.ts";
import { NUTRIENTS, type NutrientTotals } from "./nutrients.ts";
import type { NutritionSource } from "./nutrition-source.ts";
import { syncedNutrition } from "./synced-nutrition.ts";

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
