import type { Tx } from "../db.ts";
import type { NutrientTotals } from "./nutrients.ts";

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
