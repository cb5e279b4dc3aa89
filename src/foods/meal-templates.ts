import type { Tx } from "../db.ts";
import { findMeal, insertMeal } from "./meal-queries.ts";
import type { MealFoodInput, MealInput } from "./meal-schemas.ts";

export type { MealFoodInput };

/** A meal template, with `items`: its foods as a diary logs them, in template quantities. */
export async function findMealTemplate(tx: Tx, userId: string, id: string) {
  const meal = await findMeal(tx, userId, id);
  if (!meal) return null;
  const items: MealFoodInput[] = meal.foods.map((food) => ({
    food_id: food.food_id,
    variant_id: food.variant_id,
    quantity: food.quantity,
    unit: food.unit,
  }));
  return { ...meal, items };
}

/** Saves a new template for the diary (a template made from a day's entries). */
export function createMealTemplate(tx: Tx, userId: string, input: MealInput): Promise<string> {
  return insertMeal(tx, userId, input);
}
