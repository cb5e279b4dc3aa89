import { z } from "@hono/zod-openapi";
import {
  allergenInputShape,
  allergenOutputShape,
  nutrientInputShape,
  nutrientOutputShape,
} from "./nutrients.ts";

/** An instant as ISO text; rows carry Date objects, JSON aggregates carry text already. */
export const instant = z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), z.string());

const servingSize = z.number({ error: "must be a number" }).positive({ error: "must be above 0" });
const servingUnit = z.string().trim().min(1, { error: "is required" }).max(50);

export const variantInputSchema = z.object({
  serving_size: servingSize,
  serving_unit: servingUnit,
  ...nutrientInputShape,
  ...allergenInputShape,
  is_default: z.boolean().optional(),
  source: z.enum(["manual", "ai_estimate", "imported"]).optional(),
  ai_confidence: z.enum(["high", "medium", "low"]).nullish(),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

const imageKeys = {
  image_url: z.string().max(2000).nullish(),
  image_source_url: z.string().max(2000).nullish(),
  images: z.array(z.string().max(2000)).max(20).nullish(),
};

const foodFields = {
  name: z.string().trim().min(1, { error: "is required" }).max(500),
  brand: z.string().trim().max(200).nullish(),
  barcode: z.string().trim().max(64).nullish(),
  provider_type: z.string().trim().max(50).nullish(),
  provider_external_id: z.string().trim().max(200).nullish(),
  is_custom: z.boolean().optional(),
  is_quick_food: z.boolean().optional(),
  provider_verified: z.boolean().optional(),
  ...imageKeys,
};

/**
 * A food as the web form, the phone app and provider-mapped payloads send it: the serving
 * data as `variants`, as `default_variant`, or flat on the body (serving_size, calories...).
 */
export const foodInputSchema = z
  .object({
    ...foodFields,
    variants: z.array(variantInputSchema).min(1).max(50).optional(),
    default_variant: variantInputSchema.optional(),
    serving_size: servingSize.optional(),
    serving_unit: servingUnit.optional(),
  })
  .passthrough()
  .openapi("FoodInput");
export type FoodInput = z.infer<typeof foodInputSchema>;

/** An update: every key optional; sent variants replace the food's serving data. */
export const foodUpdateSchema = foodInputSchema.partial().openapi("FoodUpdate");

export const variantSchema = z
  .object({
    id: z.uuid(),
    food_id: z.uuid(),
    serving_size: z.number(),
    serving_unit: z.string(),
    ...nutrientOutputShape,
    ...allergenOutputShape,
    is_default: z.boolean(),
    source: z.string(),
    ai_confidence: z.string().nullable(),
  })
  .openapi("FoodVariant");
export type VariantRow = z.infer<typeof variantSchema>;

/**
 * The one normalized food schema: every response that carries a food uses it. All three
 * image keys are declared (rule 1): a key missing here would be stripped from responses.
 */
export const foodSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    name: z.string(),
    brand: z.string().nullable(),
    barcode: z.string().nullable(),
    provider_type: z.string().nullable(),
    provider_external_id: z.string().nullable(),
    is_custom: z.boolean(),
    is_quick_food: z.boolean(),
    provider_verified: z.boolean(),
    shared_with_public: z.boolean(),
    image_url: z.string().nullable(),
    image_source_url: z.string().nullable(),
    images: z.array(z.string()),
    default_variant: variantSchema,
    variants: z.array(variantSchema),
    usage_count: z.number().optional(),
    favorited_at: z.string().optional(),
    /** A food of the built-in catalogue (USDA SR24), not (yet) in the library. */
    is_builtin: z.boolean().optional(),
    created_at: instant,
    updated_at: instant,
  })
  .openapi("Food");
export type Food = z.infer<typeof foodSchema>;
