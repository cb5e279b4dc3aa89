import { z } from "@hono/zod-openapi";
import type { Tx } from "../../db.ts";
import { logFoodEntry } from "../../diary/entry-service.ts";
import { findFood } from "../../foods/queries.ts";
import type { Food } from "../../foods/schemas.ts";
import { searchFoods } from "../../foods/search-queries.ts";
import { isUuid } from "../../http/path-params.ts";
import { calendarDay } from "../../lib/calendar-day.ts";
import { ToolError } from "../tool.ts";

/** Arguments and steps the food and diary tools share. */

export const dayArg = calendarDay
  .optional()
  .describe("YYYY-MM-DD in the user's time zone; default today");
export const mealTypeArg = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe("breakfast, lunch, dinner, snacks, or one of the user's own meal types");
/** How much was eaten; both optional: one serving of the food's default variant. */
export const portionArgs = {
  quantity: z
    .number()
    .positive()
    .optional()
    .describe("Amount in `unit`; default one serving (the serving size)"),
  unit: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .optional()
    .describe("One of the food's serving units (see search_foods); default its default unit"),
};

/** A food of the user's library named by id, or by name (the best search match). */
export async function findFoodByRef(tx: Tx, userId: string, ref: string): Promise<Food> {
  const food = isUuid(ref)
    ? await findFood(tx, userId, ref)
    : (await searchFoods(tx, userId, ref, 1, 1)).foods[0];
  if (!food) throw new ToolError(`No food "${ref}" in the library. Try search_foods.`);
  return food;
}

/** Logs `food` to the diary; without a unit, in its default serving. */
export function logFoodPortion(
  tx: Tx,
  userId: string,
  food: Food,
  portion: { quantity?: number; unit?: string; meal_type: string; date: string },
) {
  const serving = portion.unit
    ? food.variants.find((v) => v.serving_unit === portion.unit)
    : food.default_variant;
  return logFoodEntry(tx, userId, {
    food_id: food.id,
    variant_id: portion.unit ? undefined : food.default_variant.id,
    unit: portion.unit ?? food.default_variant.serving_unit,
    quantity: portion.quantity ?? serving?.serving_size ?? 1,
    meal_type: portion.meal_type,
    entry_date: portion.date,
  });
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
/** A stored nutrient for the assistant: null when none was given. */
const given = (n: number | null) => (n === null ? null : round1(n));

/** A food as the assistant reads it: its servings and the main nutrients of each. */
export function describeFood(food: Food) {
  return {
    id: food.id,
    name: food.name,
    brand: food.brand,
    barcode: food.barcode,
    image_url: food.image_url,
    images: food.images,
    servings: food.variants.map((v) => ({
      variant_id: v.id,
      serving_size: v.serving_size,
      serving_unit: v.serving_unit,
      is_default: v.is_default,
      calories: given(v.calories),
      protein: given(v.protein),
      carbs: given(v.carbs),
      fat: given(v.fat),
    })),
  };
}
