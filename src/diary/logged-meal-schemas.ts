import { z } from "@hono/zod-openapi";
import { mealFoodInputSchema } from "../foods/meal-schemas.ts";
import { nutrientOutputShape, OPTIONAL_NUTRIENTS } from "../foods/nutrients.ts";
import { instant } from "../foods/schemas.ts";
import { calendarDay } from "../lib/calendar-day.ts";

const quantity = z.number({ error: "must be a number" }).positive({ error: "must be above 0" });
const time = z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, { error: "must be HH:MM" });

export const loggedMealInputSchema = z
  .object({
    meal_template_id: z.string().nullish(),
    meal_type: z.string().nullish(),
    meal_type_id: z.string().nullish(),
    entry_date: calendarDay,
    entry_time: time.nullish(),
    name: z.string().trim().min(1).max(255).optional(),
    description: z.string().max(2000).nullish(),
    quantity: quantity.default(1),
    unit: z.string().trim().min(1).max(50).default("serving"),
    foods: z.array(mealFoodInputSchema).max(100).optional(),
  })
  .openapi("FoodEntryMealInput");
export type LoggedMealInput = z.infer<typeof loggedMealInputSchema>;

export const loggedMealUpdateSchema = loggedMealInputSchema
  .partial()
  .extend({ quantity: quantity.optional(), unit: z.string().trim().min(1).max(50).optional() })
  .openapi("FoodEntryMealUpdate");

const totals = Object.fromEntries(
  ["calories", "protein", "carbs", "fat", ...OPTIONAL_NUTRIENTS].map((key) => [key, z.number()]),
) as Record<
  "calories" | "protein" | "carbs" | "fat" | (typeof OPTIONAL_NUTRIENTS)[number],
  z.ZodNumber
>;

export const loggedMealFoodSchema = z.object({
  id: z.uuid(),
  food_id: z.uuid().nullable(),
  food_name: z.string(),
  variant_id: z.uuid().nullable(),
  quantity: z.number(),
  unit: z.string(),
  serving_size: z.number(),
  serving_unit: z.string(),
  images: z.array(z.string()),
  ...nutrientOutputShape,
});

export const loggedMealSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    meal_template_id: z.uuid().nullable(),
    meal_type: z.string(),
    meal_type_id: z.uuid(),
    entry_date: z.string(),
    entry_time: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    quantity: z.number(),
    unit: z.string(),
    images: z.array(z.string()),
    // The template meal's pictures, as that kind of server answers them.
    meal_images: z.array(z.string()),
    foods: z.array(loggedMealFoodSchema),
    ...totals,
    created_at: instant,
    updated_at: instant,
  })
  .openapi("FoodEntryMeal");
export type LoggedMeal = z.infer<typeof loggedMealSchema>;
