import { MAIN_NUTRIENTS, OPTIONAL_NUTRIENTS } from "../../foods/nutrients.ts";
import { toSearchText } from "../../lib/search-text.ts";
import { insertNew, withDropped, withItems } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "../run/context.ts";
import { copyImageList } from "./files.ts";
import { derivedId } from "./derived-id.ts";

// Foods, variants, meals and diary rows keep the other server's ids, so a second run finds
// them (insertNew says how it brings them up to date) and diary rows keep pointing at their foods.

export const NUTRIENT_NAMES = [...MAIN_NUTRIENTS, ...OPTIONAL_NUTRIENTS];

/** Nutrient columns as numbers; one left empty there (null) stays not given here. */
export function nutrients(row: Record<string, unknown>) {
  const out: Record<string, number | null> = {};
  for (const name of NUTRIENT_NAMES)
    out[name] = row[name] === null || row[name] === undefined ? null : Number(row[name]);
  return out;
}

export const customNutrients: TableImporter = {
  table: "user_custom_nutrients",
  async run(u) {
    const rows = await userRows(
      u,
      () =>
        u.src<
          SourceRow[]
        >`select id, name, unit from public.user_custom_nutrients where user_id = ${u.userId}`,
      "public.user_custom_nutrients",
    );
    return insertNew(
      u,
      "user_custom_nutrients",
      rows.map((r) => ({ id: r.id, user_id: u.userId, name: r.name, unit: r.unit })),
      undefined,
      { carryDeletions: true },
    );
  },
};

/** The columns an own meal type is written with here (deferred-deletions.ts compares them). */
export const MEAL_TYPE_COLUMNS = [
  "id",
  "user_id",
  "name",
  "sort_order",
  "is_visible",
  "show_in_quick_log",
  "default_time",
];

/**
 * The user's own meal types keep their ids; the shared ones map to this server's by name.
 * The person's settings of the shared types there (user_meal_visibilities: hidden, shown in
 * quick log, default time) become theirs of the built-in type here; for their own types
 * such settings are the row's own.
 */
export const mealTypes: TableImporter = {
  table: "meal_types",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, name, user_id, coalesce(sort_order, 100) as sort_order,
               coalesce(is_visible, true) as is_visible,
               coalesce(show_in_quick_log, true) as show_in_quick_log, default_time::text
          from public.meal_types where user_id = ${u.userId} or user_id is null`,
      "public.meal_types",
    );
    const personal = await personalSettings(u);
    const own = rows.filter((r) => r.user_id !== null);
    const counts = await insertNew(
      u,
      "meal_types",
      own.map((r) => ({
        id: r.id,
        user_id: u.userId,
        name: String(r.name).slice(0, 100),
        sort_order: r.sort_order,
        is_visible: r.is_visible,
        show_in_quick_log: r.show_in_quick_log,
        default_time: r.default_time,
        ...personal.get(r.id),
      })),
    );
    for (const r of rows) u.mealTypes.set(r.id, await mealTypeHere(u, r.id, r.name));
    const shared = rows.filter((r) => r.user_id === null && personal.has(r.id));
    const settings = await insertNew(
      u,
      "meal_type_settings",
      shared.map((r) => ({
        id: derivedId(u, "user_meal_visibilities", r.id),
        user_id: u.userId,
        meal_type_id: u.mealTypes.get(r.id)!,
        ...personal.get(r.id),
      })),
      undefined,
      { carryDeletions: true },
    );
    return withItems(counts, settings);
  },
};

async function personalSettings(u: UserImport) {
  const rows = await userRows(
    u,
    () => u.src<SourceRow[]>`
      select meal_type_id as id, coalesce(is_visible, true) as is_visible,
             coalesce(show_in_quick_log, true) as show_in_quick_log, default_time::text
        from public.user_meal_visibilities where user_id = ${u.userId}`,
    "public.user_meal_visibilities",
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        is_visible: r.is_visible as boolean,
        show_in_quick_log: r.show_in_quick_log as boolean,
        default_time: r.default_time as string | null,
      },
    ]),
  );
}

async function mealTypeHere(u: UserImport, id: string, name: string): Promise<string> {
  const [found] = await u.tx<{ id: string }[]>`
    select id from meal_types
     where id = ${id} or (lower(name) = lower(${name}) and (user_id = ${u.userId} or user_id is null))
     order by (id = ${id}) desc, user_id nulls last limit 1`;
  if (found) return found.id;
  const [created] = await u.tx<{ id: string }[]>`
    insert into meal_types (user_id, name) values (${u.userId}, ${name.slice(0, 100)}) returning id`;
  return created!.id;
}

/** The columns a food and a variant are written with here (deferred-deletions.ts compares them). */
export const FOOD_COLUMNS = [
  "id",
  "user_id",
  "name",
  "brand",
  "barcode",
  "provider_type",
  "provider_external_id",
  "is_custom",
  "is_quick_food",
  "provider_verified",
  "images",
  "search_text",
];
export const VARIANT_COLUMNS = [
  "id",
  "user_id",
  "food_id",
  "serving_size",
  "serving_unit",
  ...NUTRIENT_NAMES,
  "glycemic_index",
  "custom_nutrients",
  "is_default",
  "source",
  "ai_confidence",
  "allergens",
  "traces",
];

export const foods: TableImporter = {
  table: "foods",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, name, brand, barcode, provider_type, provider_external_id,
               coalesce(is_custom, true) as is_custom, is_quick_food, provider_verified, images
          from public.foods where user_id = ${u.userId}`,
      "public.foods",
    );
    const known = await existingIds(u, "foods", rows);
    const mapped = [];
    for (const r of rows)
      mapped.push({
        id: r.id,
        user_id: u.userId,
        name: String(r.name).slice(0, 500),
        brand: r.brand,
        barcode: r.barcode,
        provider_type: r.provider_type,
        provider_external_id: r.provider_external_id,
        is_custom: r.is_custom,
        is_quick_food: r.is_quick_food,
        provider_verified: r.provider_verified,
        images: u.tx.json(await copyImageList(u, r.images, !known.has(r.id))),
        search_text: toSearchText(r.name, r.brand, r.barcode),
      });
    return insertNew(u, "foods", mapped);
  },
};

/** The ids of rows already here, so their files are not copied a second time. */
export async function existingIds(u: UserImport, table: string, rows: { id: string }[]) {
  if (rows.length === 0) return new Set<string>();
  const found = await u.tx<{ id: string }[]>`
    select id from ${u.tx(table)} where id = any(${rows.map((r) => r.id)}::uuid[])`;
  return new Set(found.map((r) => r.id));
}

const VARIANT_SOURCES = new Set(["manual", "ai_estimate", "imported"]);
const CONFIDENCE = new Set(["high", "medium", "low"]);

export const foodVariants: TableImporter = {
  table: "food_variants",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select v.id, v.food_id, v.serving_size::float8, v.serving_unit, ${u.src(NUTRIENT_NAMES)},
               v.glycemic_index, coalesce(v.custom_nutrients, '{}') as custom_nutrients,
               coalesce(v.is_default, false) as is_default, v.source, v.ai_confidence,
               v.allergens, v.traces
          from public.food_variants v join public.foods f on f.id = v.food_id
         where f.user_id = ${u.userId}`,
      "public.food_variants",
    );
    const valid = rows.filter((r) => r.serving_size > 0 && r.serving_unit);
    u.summary.skip("food variant without a serving size", rows.length - valid.length);
    const counts = await insertNew(
      u,
      "food_variants",
      valid.map((r) => ({
        id: r.id,
        user_id: u.userId,
        food_id: r.food_id,
        serving_size: r.serving_size,
        serving_unit: String(r.serving_unit).slice(0, 50),
        ...nutrients(r),
        glycemic_index: r.glycemic_index,
        custom_nutrients: u.tx.json(r.custom_nutrients),
        is_default: r.is_default,
        source: VARIANT_SOURCES.has(r.source) ? r.source : "imported",
        ai_confidence: CONFIDENCE.has(r.ai_confidence) ? r.ai_confidence : null,
        allergens: r.allergens,
        traces: r.traces,
      })),
    );
    return withDropped(counts, rows.length - valid.length);
  },
};

/** The ids among `ids` that this user has here (another user's food is not theirs to link). */
export async function ownIds(
  u: UserImport,
  table: "foods" | "food_variants" | "meals",
  ids: unknown[],
) {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === "string"))];
  if (wanted.length === 0) return new Set<string>();
  const found = await u.tx<{ id: string }[]>`
    select id from ${u.tx(table)} where user_id = ${u.userId} and id = any(${wanted}::uuid[])`;
  return new Set(found.map((r) => r.id));
}

/** A positive number, else the fallback. */
export const positive = (value: unknown, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
