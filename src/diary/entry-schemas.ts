import { z } from "@hono/zod-openapi";
import {
  allergenInputShape,
  allergenOutputShape,
  nutrientOutputShape,
  nutrientPatchShape,
} from "../foods/nutrients.ts";
import { instant } from "../foods/schemas.ts";
import { calendarDay } from "../lib/calendar-day.ts";

const quantity = z.number({ error: "must be a number" }).positive({ error: "must be above 0" });
const time = z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, { error: "must be HH:MM" });
/** Snapshot values a client may set by hand (a quick entry without a food, or a correction). */
const manualSnapshot = {
  food_name: z.string().trim().min(1).max(500).optional(),
  brand_name: z.string().trim().max(200).nullish(),
  serving_size: quantity.optional(),
  serving_unit: z.string().trim().min(1).max(50).optional(),
  ...nutrientPatchShape,
  ...allergenInputShape,
};

export const createEntrySchema = z
  .object({
    meal_type_id: z.string().nullish(),
    meal_type: z.string().nullish(),
    entry_date: calendarDay,
    entry_time: time.nullish(),
    quantity,
    unit: z.string().trim().min(1).max(50),
    food_id: z.string().nullish(),
    variant_id: z.string().nullish(),
    meal_id: z.string().nullish(),
    ...manualSnapshot,
  })
  .openapi("CreateFoodEntry");
export type CreateEntry = z.infer<typeof createEntrySchema>;

export const updateEntrySchema = z
  .object({
    meal_type_id: z.string().nullish(),
    meal_type: z.string().nullish(),
    entry_date: calendarDay.optional(),
    entry_time: time.nullish(),
    quantity: quantity.optional(),
    unit: z.string().trim().min(1).max(50).optional(),
    variant_id: z.string().nullish(),
    ...manualSnapshot,
  })
  .openapi("UpdateFoodEntry");
export type UpdateEntry = z.infer<typeof updateEntrySchema>;

export const entrySchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    food_id: z.uuid().nullable(),
    variant_id: z.uuid().nullable(),
    meal_id: z.uuid().nullable(),
    food_entry_meal_id: z.uuid().nullable(),
    meal_type: z.string(),
    meal_type_id: z.uuid(),
    entry_date: z.string(),
    entry_time: z.string().nullable(),
    quantity: z.number(),
    unit: z.string(),
    food_name: z.string(),
    brand_name: z.string().nullable(),
    serving_size: z.number(),
    serving_unit: z.string(),
    ...nutrientOutputShape,
    ...allergenOutputShape,
    source: z.string().nullable(),
    images: z.array(z.string()),
    // Read from the food logged, as that kind of server answers: the phone app badges
    // verified foods and falls back to the food's pictures.
    provider_verified: z.boolean(),
    food_images: z.array(z.string()),
    created_at: instant,
    updated_at: instant,
  })
  .openapi("FoodEntry");
export type Entry = z.infer<typeof entrySchema>;

export const copyEntriesSchema = z.object({
  sourceDate: calendarDay,
  sourceMealType: z.string().nullish(),
  targetDate: calendarDay,
  targetMealType: z.string().nullish(),
});

export type CopyEntries = z.infer<typeof copyEntriesSchema>;

export const copyYesterdaySchema = z.object({
  mealType: z.string().nullish(),
  targetDate: calendarDay,
});
