import { insertNew, withDropped } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter } from "../run/context.ts";
import { copyImageList } from "./files.ts";
import { existingIds, NUTRIENT_NAMES, nutrients, ownIds, positive } from "./foods.ts";

export const loggedMeals: TableImporter = {
  table: "food_entry_meals",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, meal_template_id, meal_type_id, entry_date, entry_time::text, name, description,
               quantity::float8, unit, images
          from public.food_entry_meals where user_id = ${u.userId}`,
      "public.food_entry_meals",
    );
    const templates = await ownIds(
      u,
      "meals",
      rows.map((r) => r.meal_template_id),
    );
    const known = await existingIds(u, "food_entry_meals", rows);
    const mapped = [];
    for (const r of rows)
      mapped.push({
        id: r.id,
        user_id: u.userId,
        meal_template_id: templates.has(r.meal_template_id) ? r.meal_template_id : null,
        meal_type_id: u.mealTypes.get(r.meal_type_id)!,
        entry_date: r.entry_date,
        entry_time: r.entry_time,
        name: String(r.name).slice(0, 255),
        description: r.description,
        quantity: positive(r.quantity, 1),
        unit: r.unit || "serving",
        // Its photos sit under uploads/food_entry_meals/<id>/ there.
        images: u.tx.json(await copyImageList(u, r.images, !known.has(r.id))),
      });
    return insertNew(u, "food_entry_meals", mapped, undefined, { carryDeletions: true });
  },
};

/** Diary entries with their nutrient snapshots; links to foods not the user's become null. */
export const foodEntries: TableImporter = {
  table: "food_entries",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, food_id, variant_id, meal_type_id, food_entry_meal_id, meal_id, entry_date,
               entry_time::text, quantity::float8, unit, food_name, brand_name, serving_size,
               serving_unit, ${u.src(NUTRIENT_NAMES)}, glycemic_index,
               coalesce(custom_nutrients, '{}') as custom_nutrients, images, source, allergens,
               traces
          from public.food_entries where user_id = ${u.userId}
         order by entry_date, created_at`,
      "public.food_entries",
    );
    const valid = rows.filter((r) => r.quantity > 0 && u.mealTypes.has(r.meal_type_id));
    u.summary.skip("diary entry without a quantity or meal type", rows.length - valid.length);
    const known = await existingIds(u, "food_entries", valid);
    const foods = await ownIds(
      u,
      "foods",
      valid.map((r) => r.food_id),
    );
    const variants = await ownIds(
      u,
      "food_variants",
      valid.map((r) => r.variant_id),
    );
    const mealsHere = await ownIds(
      u,
      "meals",
      valid.map((r) => r.meal_id),
    );
    const mapped = [];
    for (const [i, r] of valid.entries()) {
      mapped.push({
        id: r.id,
        user_id: u.userId,
        food_id: foods.has(r.food_id) ? r.food_id : null,
        variant_id: variants.has(r.variant_id) ? r.variant_id : null,
        meal_type_id: u.mealTypes.get(r.meal_type_id)!,
        food_entry_meal_id: r.food_entry_meal_id,
        meal_id: mealsHere.has(r.meal_id) ? r.meal_id : null,
        entry_date: r.entry_date,
        entry_time: r.entry_time,
        quantity: r.quantity,
        unit: r.unit || r.serving_unit || "serving",
        food_name: r.food_name || "Food",
        brand_name: r.brand_name,
        serving_size: positive(r.serving_size, 1),
        serving_unit: r.serving_unit || r.unit || "serving",
        ...nutrients(r),
        glycemic_index: r.glycemic_index,
        custom_nutrients: u.tx.json(r.custom_nutrients),
        images: u.tx.json(await copyImageList(u, r.images, !known.has(r.id))),
        source: r.source,
        allergens: r.allergens,
        traces: r.traces,
        position: i,
      });
    }
    const counts = await insertNew(u, "food_entries", mapped, undefined, { carryDeletions: true });
    return withDropped(counts, rows.length - valid.length);
  },
};

export const favorites: TableImporter = {
  table: "food_favorites",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select case when food_id is not null then 'food' else 'meal' end as item_type,
               coalesce(food_id, meal_id) as item_id
          from public.food_favorites
         where user_id = ${u.userId} and coalesce(food_id, meal_id) is not null`,
      "public.food_favorites",
    );
    return insertNew(
      u,
      "favorites",
      rows.map((r) => ({ user_id: u.userId, item_type: r.item_type, item_id: r.item_id })),
    );
  },
};
