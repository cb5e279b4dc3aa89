import { z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";
import { nutrientOutputShape } from "./nutrients.ts";
import { instant } from "./schemas.ts";

const quantity = z.number({ error: "must be a number" }).positive({ error: "must be above 0" });

/** One food of a template or of a logged meal, as sent. */
export const mealFoodInputSchema = z.object({
  food_id: z.string(),
  variant_id: z.string().nullish(),
  quantity,
  unit: z.string().trim().min(1).max(50),
});
export type MealFoodInput = z.infer<typeof mealFoodInputSchema>;

export const mealInputSchema = z
  .object({
    name: z.string().trim().min(1, { error: "is required" }).max(255),
    description: z.string().max(2000).nullish(),
    is_public: z.boolean().optional(),
    serving_size: quantity.optional(),
    serving_unit: z.string().trim().min(1).max(50).optional(),
    total_servings: quantity.optional(),
    images: z.array(z.string().max(2000)).max(20).nullish(),
    foods: z.array(mealFoodInputSchema).max(100).default([]),
  })
  .openapi("MealInput");
export type MealInput = z.infer<typeof mealInputSchema>;

export const mealFromDaySchema = z.object({
  entry_date: calendarDay,
  meal_type: z.string().nullish(),
  name: z.string().trim().min(1).max(255),
  description: z.string().max(2000).nullish(),
});

export const mealFoodSchema = z.object({
  id: z.uuid(),
  food_id: z.uuid(),
  variant_id: z.uuid(),
  quantity: z.number(),
  unit: z.string(),
  food_name: z.string(),
  brand: z.string().nullable(),
  serving_size: z.number(),
  serving_unit: z.string(),
  ...nutrientOutputShape,
});

export const mealSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    is_public: z.boolean(),
    serving_size: z.number(),
    serving_unit: z.string(),
    total_servings: z.number(),
    images: z.array(z.string()),
    foods: z.array(mealFoodSchema),
    favorited_at: instant.optional(),
    created_at: instant,
    updated_at: instant,
  })
  .openapi("Meal");
export type Meal = z.infer<typeof mealSchema>;
