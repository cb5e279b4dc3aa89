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
/** One eaten item; `entry` is what the phone app lists. */
export type NutritionItem = MealIntake & { entry: Record<string, unknown> };

type ReadRange<T> = (tx: Tx, userId: string, start: string, end: string) => Promise<T[]>;

/**
 * Where eaten food is read from: the food diary and phones' synced nutrition. Each source
 * gives its items (for one day's list) and its totals per day and meal, summed in SQL so a
 * year of reports reads hundreds of rows, not thousands. Another source is one more entry.
 */
export type NutritionSource = { items: ReadRange<NutritionItem>; totals: ReadRange<MealIntake> };
export const nutritionSources: NutritionSource[] = [diaryNutrition, syncedNutrition];

export type DayNutrition = {
  totals: NutrientTotals;
  meals: Record<string, NutrientTotals>;
  entries: Record<string, unknown>[];
};

export const emptyTotals = (): NutrientTotals =>
  Object.fromEntries(NUTRIENTS.map((n) => [n, 0])) as NutrientTotals;

function addInto(totals: NutrientTotals, nutrients: Partial<NutrientTotals>) {
  for (const n of NUTRIENTS) totals[n] += nutrients[n] ?? 0;
}

/**
 * Intake per day, per meal and per nutrient, from every nutrition source; with
 * `itemised`, also the entries eaten (for one day's summary).
 */
export async function readNutritionDays(
  tx: Tx,
  userId: string,
  range: { start: string; end: string; itemised: boolean },
) {
  const read = (source: NutritionSource) =>
    (range.itemised ? source.items : source.totals)(tx, userId, range.start, range.end);
  const items: (MealIntake & { entry?: Record<string, unknown> })[] = (
    await Promise.all(nutritionSources.map(read))
  ).flat();
  const days = new Map<string, DayNutrition>();
  for (const item of items) {
    let day = days.get(item.entry_date);
    if (!day) days.set(item.entry_date, (day = { totals: emptyTotals(), meals: {}, entries: [] }));
    addInto(day.totals, item.nutrients);
    addInto((day.meals[item.meal_type] ??= emptyTotals()), item.nutrients);
    if (item.entry) day.entries.push(item.entry);
  }
  return days;
}
