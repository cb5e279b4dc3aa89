import { z } from "@hono/zod-openapi";

/** The nutrient columns a variant, a diary entry snapshot and a meal food share, per serving. */
export const MAIN_NUTRIENTS = ["calories", "protein", "carbs", "fat"] as const;
export const OPTIONAL_NUTRIENTS = [
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
/** Every per-serving value copied from a variant into an entry snapshot, in column order. */
export const SNAPSHOT_NUTRIENTS = [
  ...MAIN_NUTRIENTS,
  ...OPTIONAL_NUTRIENTS,
  "glycemic_index",
  "custom_nutrients",
] as const;

/**
 * What a food contains and may contain (that server's allergen tracking): a variant's lists,
 * copied into an entry's snapshot with its nutrients. Null when never stated.
 */
export const ALLERGEN_LISTS = ["allergens", "traces"] as const;
const allergenList = z.array(z.string().trim().min(1).max(100)).max(50);
export const allergenInputShape = {
  allergens: allergenList.nullish(),
  traces: allergenList.nullish(),
};
export const allergenOutputShape = {
  allergens: z.array(z.string()).nullable(),
  traces: z.array(z.string()).nullable(),
};
export type AllergenLists = { allergens: string[] | null; traces: string[] | null };

const amount = z.number({ error: "must be a number" }).min(0, { error: "must not be negative" });
const customNutrients = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The nutrient fields of a request body. Any may be null or left out: a value not given stays
 * not given (null), as SparkyFitness keeps a field left empty, and counts as nothing in totals.
 */
export const nutrientInputShape = {
  ...(Object.fromEntries(
    [...MAIN_NUTRIENTS, ...OPTIONAL_NUTRIENTS].map((key) => [key, amount.nullish()]),
  ) as Record<
    (typeof MAIN_NUTRIENTS)[number] | (typeof OPTIONAL_NUTRIENTS)[number],
    z.ZodOptional<z.ZodNullable<typeof amount>>
  >),
  glycemic_index: z.string().max(50).nullish(),
  custom_nutrients: customNutrients.nullish(),
};

/** The nutrient fields of a change: only the keys sent are written (no defaults). */
export const nutrientPatchShape = Object.fromEntries(
  SNAPSHOT_NUTRIENTS.map((key) => [key, nutrientInputShape[key].unwrap().optional()]),
) as unknown as {
  [K in keyof typeof nutrientInputShape]: z.ZodOptional<
    z.ZodType<z.output<(typeof nutrientInputShape)[K]>>
  >;
};

/** The nutrient fields of a response: null where no value was given. */
export const nutrientOutputShape = {
  ...(Object.fromEntries(
    [...MAIN_NUTRIENTS, ...OPTIONAL_NUTRIENTS].map((key) => [key, z.number().nullable()]),
  ) as Record<
    (typeof MAIN_NUTRIENTS)[number] | (typeof OPTIONAL_NUTRIENTS)[number],
    z.ZodNullable<z.ZodNumber>
  >),
  glycemic_index: z.string().nullable(),
  custom_nutrients: customNutrients,
};

export type Nutrients = {
  [K in (typeof MAIN_NUTRIENTS)[number] | (typeof OPTIONAL_NUTRIENTS)[number]]: number | null;
} & {
  glycemic_index: string | null;
  custom_nutrients: Record<string, string | number>;
};
