import { ALLERGEN_LISTS, OPTIONAL_NUTRIENTS, MAIN_NUTRIENTS } from "../foods/nutrients.ts";
import type { Food, VariantRow } from "../foods/schemas.ts";
import type { Measure, Per100g } from "../database/catalogue/catalogue-file.ts";
import { builtinFoodId, builtinVariantId } from "../database/catalogue/ids.ts";

/** A catalogue row as queries read it. */
export type BuiltinRow = { ndb: string; name: string; per_100g: Per100g; measures: Measure[] };

export const BUILTIN_PROVIDER = "usda_sr24";
// SR24's release: the built-in foods' creation and change time.
const RELEASED = "2011-09-01T00:00:00.000Z";
const SERVING_UNIT_MAX = 50;

const round = (value: number) => Math.round(value * 1000) / 1000;
const grams = (value: number) => String(round(value));

/**
 * Each measure's serving unit, its weight shown: "medium (118 g)" for USDA's
 * 'medium (7" to 7-7/8" long)' when no other measure is also "medium", else the full name.
 */
function servingUnits(measures: Measure[]): string[] {
  const short = measures.map((m) => m.name.replace(/\s*\([^)]*\)/g, "").trim() || m.name);
  return measures.map((m, i) => {
    const unique = short.filter((name) => name === short[i]).length === 1;
    const suffix = ` (${grams(m.grams)} g)`;
    const name = (unique ? short[i]! : m.name).slice(0, SERVING_UNIT_MAX - suffix.length).trim();
    return name + suffix;
  });
}

type Serving = { index: number; size: number; unit: string; grams: number };

/**
 * The servings of a food: its household measures (a "medium" one first, as the default,
 * else USDA's first), then 100 g. Index 0 is the 100 g serving, n the n-th measure: the
 * index fixes the serving's id.
 */
export function builtinServings(measures: Measure[]): Serving[] {
  const units = servingUnits(measures);
  const seen = new Set<string>();
  const household = measures.flatMap((m, i) => {
    if (seen.has(units[i]!) || m.grams <= 0) return [];
    seen.add(units[i]!);
    return [{ index: i + 1, size: m.amount, unit: units[i]!, grams: m.grams }];
  });
  const medium = household.findIndex((s) => s.unit.startsWith("medium"));
  if (medium > 0) household.unshift(...household.splice(medium, 1));
  return [...household, { index: 0, size: 100, unit: "g", grams: 100 }];
}

/** The nutrient values of `weight` grams of a food. */
export function nutrientsFor(per100g: Per100g, weight: number) {
  const scale = (value: number | null | undefined) =>
    value === null || value === undefined ? null : round((value * weight) / 100);
  const values: Record<string, unknown> = {};
  for (const key of MAIN_NUTRIENTS) values[key] = scale(per100g[key]) ?? 0;
  for (const key of OPTIONAL_NUTRIENTS) values[key] = scale(per100g[key]);
  values.glycemic_index = null;
  values.custom_nutrients = Object.fromEntries(
    Object.entries(per100g.custom_nutrients).map(([label, value]) => [label, scale(value)]),
  );
  return values;
}

function variantOf(row: BuiltinRow, serving: Serving, isDefault: boolean): VariantRow {
  return {
    id: builtinVariantId(row.ndb, serving.index),
    food_id: builtinFoodId(row.ndb),
    serving_size: serving.size,
    serving_unit: serving.unit,
    ...nutrientsFor(row.per_100g, serving.grams),
    ...Object.fromEntries(ALLERGEN_LISTS.map((key) => [key, null])),
    is_default: isDefault,
    source: "imported",
    ai_confidence: null,
  } as VariantRow;
}

/** The servings of a built-in food as variants, the default first. */
export function builtinVariants(row: BuiltinRow): VariantRow[] {
  return builtinServings(row.measures).map((serving, i) => variantOf(row, serving, i === 0));
}

/** A built-in food in the one food shape (as the user's to log), marked `is_builtin`. */
export function presentBuiltinFood(row: BuiltinRow, userId: string): Food {
  const variants = builtinVariants(row);
  return {
    id: builtinFoodId(row.ndb),
    user_id: userId,
    name: row.name,
    brand: null,
    barcode: null,
    provider_type: BUILTIN_PROVIDER,
    provider_external_id: row.ndb,
    is_custom: false,
    is_quick_food: false,
    provider_verified: true,
    shared_with_public: false,
    image_url: null,
    image_source_url: null,
    images: [],
    default_variant: variants[0]!,
    variants,
    created_at: RELEASED,
    updated_at: RELEASED,
    is_builtin: true,
  };
}
