import { z } from "@hono/zod-openapi";
import { nutrientOutputShape, OPTIONAL_NUTRIENTS, type Nutrients } from "../foods/nutrients.ts";
import { foodSchema } from "../foods/schemas.ts";

export const providerVariantSchema = z
  .object({
    serving_size: z.number(),
    serving_unit: z.string(),
    serving_description: z.string().optional(),
    ...nutrientOutputShape,
    is_default: z.boolean(),
  })
  .openapi("NormalizedFoodVariant");
export type ProviderVariant = z.infer<typeof providerVariantSchema>;

/**
 * A provider's food, normalized: the same keys as a stored food (all three image keys
 * declared, rule 1) without the library's ids, so a client can POST it to /api/foods as
 * it is to import it (rule 5 applies there).
 */
export const providerFoodSchema = z
  .object({
    name: z.string(),
    brand: z.string().nullable(),
    barcode: z.string().nullable(),
    provider_type: z.string(),
    provider_external_id: z.string(),
    is_custom: z.boolean(),
    provider_verified: z.boolean(),
    image_url: z.string().nullable(),
    image_source_url: z.string().nullable(),
    images: z.array(z.string()),
    allergens: z.array(z.string()).optional(),
    default_variant: providerVariantSchema,
    variants: z.array(providerVariantSchema),
  })
  .openapi("NormalizedFood");
export type ProviderFood = z.infer<typeof providerFoodSchema>;

export const paginationSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  totalCount: z.number(),
  hasMore: z.boolean(),
});

export const searchResponseSchema = z
  .object({ foods: z.array(providerFoodSchema), pagination: paginationSchema })
  .openapi("V2SearchResponse");

/** A barcode answer: a provider's food, the library's food (source "local"), or nothing. */
export const barcodeResponseSchema = z
  .object({
    source: z.string(),
    food: z.union([foodSchema, providerFoodSchema]).nullable(),
  })
  .openapi("V2BarcodeResponse");

type NutrientValues = Partial<Record<keyof Nutrients, number | null | undefined>>;

/** A variant from whatever nutrients a provider gave: absent main ones are 0, others null. */
export function makeVariant(
  servingSize: number,
  servingUnit: string,
  values: NutrientValues,
  extra: { isDefault?: boolean; description?: string } = {},
): ProviderVariant {
  const num = (v: number | null | undefined) =>
    typeof v === "number" && Number.isFinite(v) ? round(v) : null;
  const variant: ProviderVariant = {
    serving_size: servingSize,
    serving_unit: servingUnit,
    calories: num(values.calories) ?? 0,
    protein: num(values.protein) ?? 0,
    carbs: num(values.carbs) ?? 0,
    fat: num(values.fat) ?? 0,
    ...(Object.fromEntries(OPTIONAL_NUTRIENTS.map((key) => [key, num(values[key])])) as Record<
      (typeof OPTIONAL_NUTRIENTS)[number],
      number | null
    >),
    glycemic_index: null,
    custom_nutrients: {},
    is_default: extra.isDefault ?? false,
  };
  if (extra.description) variant.serving_description = extra.description;
  return variant;
}

/** Scales every nutrient of per-`from` values to per-`to` (e.g. per 100 g to one serving). */
export function scaleValues(values: NutrientValues, factor: number): NutrientValues {
  return Object.fromEntries(
    Object.entries(values).map(([key, v]) => [key, typeof v === "number" ? v * factor : v]),
  );
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

type FoodParts = {
  type: string;
  externalId: string;
  name: string;
  brand?: string | null;
  barcode?: string | null;
  verified?: boolean;
  images?: string[];
  allergens?: string[];
  variants: ProviderVariant[];
};

/** Builds the normalized food; the first variant is the default unless one says otherwise. */
export function makeFood(parts: FoodParts): ProviderFood {
  const defaultIndex = Math.max(
    0,
    parts.variants.findIndex((v) => v.is_default),
  );
  const variants = parts.variants.map((v, i) => ({ ...v, is_default: i === defaultIndex }));
  const images = [...new Set((parts.images ?? []).filter(Boolean))];
  const food: ProviderFood = {
    name: parts.name.trim() || "Unnamed food",
    brand: parts.brand?.trim() || null,
    barcode: parts.barcode?.trim() || null,
    provider_type: parts.type,
    provider_external_id: parts.externalId,
    is_custom: false,
    provider_verified: parts.verified ?? false,
    image_url: images[0] ?? null,
    image_source_url: images[1] ?? null,
    images,
    default_variant: variants[defaultIndex]!,
    variants,
  };
  if (parts.allergens) food.allergens = parts.allergens;
  return food;
}

/** A number from a provider's number or numeric text ("12.5 g"), or undefined. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const parsed = Number.parseFloat(value.replace(",", "."));
  return Number.isFinite(parsed) ? parsed : undefined;
}
