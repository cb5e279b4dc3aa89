/** The nutrients a day's intake is totalled in (the phone app's NutritionTrendPoint keys). */
export const NUTRIENTS = [
  "calories",
  "protein",
  "carbs",
  "fat",
  "saturated_fat",
  "polyunsaturated_fat",
  "monounsaturated_fat",
  "trans_fat",
  "cholesterol",
  "sodium",
  "potassium",
  "dietary_fiber",
  "sugars",
  "vitamin_a",
  "vitamin_c",
  "calcium",
  "iron",
] as const;
export type Nutrient = (typeof NUTRIENTS)[number];
export type NutrientTotals = Record<Nutrient, number>;
