import { MAIN_NUTRIENTS, OPTIONAL_NUTRIENTS } from "../foods/nutrients.ts";

/** The nutrients a day's intake is totalled in (the phone app's NutritionTrendPoint keys). */
export const NUTRIENTS = [...MAIN_NUTRIENTS, ...OPTIONAL_NUTRIENTS] as const;
export type Nutrient = (typeof NUTRIENTS)[number];
export type NutrientTotals = Record<Nutrient, number>;
