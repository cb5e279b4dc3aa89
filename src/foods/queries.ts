import type { Tx } from "../db.ts";
import { SQL_ISO_INSTANT } from "../lib/iso-instants.ts";
import { presentImages } from "./images.ts";
import { ALLERGEN_LISTS, SNAPSHOT_NUTRIENTS } from "./nutrients.ts";
import type { Food, VariantInput, VariantRow } from "./schemas.ts";
import { toSearchText } from "../lib/search-text.ts";

export type FoodFields = {
  name: string;
  brand?: string | null;
  barcode?: string | null;
  provider_type?: string | null;
  provider_external_id?: string | null;
  is_custom?: boolean;
  is_quick_food?: boolean;
  provider_verified?: boolean;
};

type FoodRow = Omit<Food, "default_variant" | "image_url" | "image_source_url"> & {
  variants: VariantRow[];
};

const VARIANT_COLUMNS = [
  "id",
  "food_id",
  "serving_size",
  "serving_unit",
  ...SNAPSHOT_NUTRIENTS,
  ...ALLERGEN_LISTS,
  "is_default",
  "source",
  "ai_confidence",
];

/** Variants of each food as a json array, the default first. */
const variantsOf = (tx: Tx) => tx`
  coalesce((select json_agg(v order by v.is_default desc, v.created_at, v.id)
              from (select ${tx(VARIANT_COLUMNS)}, created_at from food_variants
                     where food_id = f.id) v), '[]') as variants`;

const foodColumns = (tx: Tx) => tx`
  f.id, f.user_id, f.name, f.brand, f.barcode, f.provider_type, f.provider_external_id,
  f.is_custom, f.is_quick_food, f.provider_verified, false as shared_with_public, f.images,
  f.created_at, f.updated_at, ${variantsOf(tx)}`;

const VARIANT_SELECT = VARIANT_COLUMNS.map((c) => `v.${c}`).join(", ");

/**
 * What to select (with its own FROM for the variants) for the JSON object presentFood gives
 * of food `f` (foodSchema's keys, in its order), so PostgreSQL can build a food list's answer.
 */
export const foodJsonSelect = (tx: Tx) => tx`
  f.id, f.user_id, f.name, f.brand, f.barcode, f.provider_type, f.provider_external_id,
  f.is_custom, f.is_quick_food, f.provider_verified, false as shared_with_public,
  f.images ->> 0 as image_url, f.images ->> 1 as image_source_url, f.images,
  fv.variants -> 0 as default_variant, fv.variants,
  to_char(f.created_at at time zone 'UTC', ${SQL_ISO_INSTANT}) as created_at,
  to_char(f.updated_at at time zone 'UTC', ${SQL_ISO_INSTANT}) as updated_at
  from (select coalesce(json_agg(variant order by v.is_default desc, v.created_at, v.id), '[]') as variants
          from food_variants v cross join lateral (select ${tx.unsafe(VARIANT_SELECT)}) variant
         where v.food_id = f.id) fv`;

/** The API shape of a stored food: image keys derived from the array, the default variant picked. */
export function presentFood(row: FoodRow): Food {
  const variants = row.variants.map(
    ({ created_at: _, ...v }: VariantRow & { created_at?: unknown }) => v,
  );
  return { ...row, ...presentImages(row.images), variants, default_variant: variants[0]! };
}

/** The user's foods with the given ids, in the order asked. */
export async function listFoodsById(tx: Tx, userId: string, ids: string[]): Promise<Food[]> {
  if (ids.length === 0) return [];
  const rows = await tx<FoodRow[]>`
    select ${foodColumns(tx)} from foods f where f.user_id = ${userId} and f.id = any(${ids}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, presentFood(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findFood(tx: Tx, userId: string, id: string): Promise<Food | null> {
  const [food] = await listFoodsById(tx, userId, [id]);
  return food ?? null;
}

/** Rule 5: a food already in the library with this barcode or provider id, if any. */
export async function findFoodByIdentity(
  tx: Tx,
  userId: string,
  fields: FoodFields,
): Promise<{ id: string; images: string[] } | null> {
  const { barcode, provider_type: type, provider_external_id: externalId } = fields;
  if (!barcode && !externalId) return null;
  const [row] = await tx<{ id: string; images: string[] }[]>`
    select id, images from foods
     where user_id = ${userId}
       and ((${barcode ?? null}::text is not null and barcode = ${barcode ?? null})
         or (${externalId ?? null}::text is not null and provider_external_id = ${externalId ?? null}
             and provider_type is not distinct from ${type ?? null}))
     order by created_at limit 1`;
  return row ?? null;
}

export async function insertFood(
  tx: Tx,
  userId: string,
  fields: FoodFields,
  images: string[],
): Promise<string> {
  const row = {
    user_id: userId,
    name: fields.name,
    brand: fields.brand ?? null,
    barcode: fields.barcode || null,
    provider_type: fields.provider_type ?? null,
    provider_external_id: fields.provider_external_id ?? null,
    is_custom: fields.is_custom ?? !fields.provider_type,
    is_quick_food: fields.is_quick_food ?? false,
    provider_verified: fields.provider_verified ?? false,
    images: tx.json(images),
    search_text: toSearchText(fields.name, fields.brand, fields.barcode),
  };
  const [saved] = await tx<{ id: string }[]>`insert into foods ${tx(row)} returning id`;
  return saved!.id;
}

/** Updates the keys sent; returns the images stored before, or null when there is no such food. */
export async function updateFoodRow(
  tx: Tx,
  userId: string,
  id: string,
  fields: Partial<FoodFields>,
  images: string[] | undefined,
): Promise<{ previousImages: string[] } | null> {
  const [before] = await tx<(FoodFields & { images: string[] })[]>`
    select name, brand, barcode, images from foods where id = ${id} and user_id = ${userId} for update`;
  if (!before) return null;
  const merged = { ...before, ...fields };
  const changes: Record<string, unknown> = {
    ...fields,
    search_text: toSearchText(merged.name, merged.brand, merged.barcode),
    updated_at: tx`now()`,
  };
  if (images !== undefined) changes.images = tx.json(images);
  await tx`update foods set ${tx(changes)} where id = ${id}`;
  return { previousImages: before.images };
}

/** Sets the images of a food (back-fill, download rewrite). */
export async function setFoodImages(tx: Tx, id: string, images: string[]): Promise<void> {
  await tx`update foods set images = ${tx.json(images)}, updated_at = now() where id = ${id}`;
}

export async function insertVariants(
  tx: Tx,
  userId: string,
  foodId: string,
  variants: VariantInput[],
): Promise<void> {
  const defaultIndex = Math.max(
    0,
    variants.findIndex((v) => v.is_default),
  );
  const rows = variants.map((v, i) => variantRow(tx, userId, foodId, v, i === defaultIndex));
  await tx`insert into food_variants ${tx(rows)}`;
}

export function variantRow(
  tx: Tx,
  userId: string,
  foodId: string,
  v: VariantInput,
  isDefault: boolean,
) {
  const row: Record<string, unknown> = { user_id: userId, food_id: foodId, is_default: isDefault };
  row.serving_size = v.serving_size;
  row.serving_unit = v.serving_unit;
  for (const key of SNAPSHOT_NUTRIENTS) row[key] = v[key] ?? null;
  for (const key of ALLERGEN_LISTS) row[key] = v[key] ?? null;
  row.custom_nutrients = tx.json(v.custom_nutrients ?? {});
  row.source = v.source ?? "manual";
  row.ai_confidence = v.ai_confidence ?? null;
  return row;
}
