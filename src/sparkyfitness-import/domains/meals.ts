import { insertNew, withDropped } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "../run/context.ts";
import { copyImageList } from "./files.ts";
import { derivedUuid } from "./derived-id.ts";
import { existingIds, ownIds, positive } from "./foods.ts";

// Meal templates and their lines; a line that is itself a meal is expanded into its foods.

export const meals: TableImporter = {
  table: "meals",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, name, description, coalesce(is_public, false) as is_public, serving_size,
               serving_unit, total_servings, images
          from public.meals where user_id = ${u.userId}`,
      "public.meals",
    );
    const known = await existingIds(u, "meals", rows);
    const mapped = [];
    for (const r of rows)
      mapped.push({
        id: r.id,
        user_id: u.userId,
        name: String(r.name).slice(0, 255),
        description: r.description,
        is_public: r.is_public,
        serving_size: positive(r.serving_size, 1),
        serving_unit: r.serving_unit || "serving",
        total_servings: positive(r.total_servings, 1),
        images: u.tx.json(await copyImageList(u, r.images, !known.has(r.id))),
      });
    return insertNew(u, "meals", mapped, undefined, { carryDeletions: true });
  },
};

type MealLine = SourceRow & { quantity: number };
type SourceMeal = { serving_size: number; serving_unit: string; total_servings: number };

/**
 * A meal's lines with a line that is itself a meal (meals inside meals there) expanded
 * into that meal's foods, in place, as that server expands it when the meal is logged
 * (foodEntryService buildLeafFoodEntries): each food's quantity times the part of the
 * inner meal the line takes. Meals here hold foods only; an expanded line's id is derived
 * from the path of lines, so a re-run finds it again.
 */
function expandedLines(
  u: UserImport,
  lines: Map<string, MealLine[]>,
  mealsThere: Map<string, SourceMeal>,
  mealId: string,
  multiplier = 1,
  path = "",
  depth = 0,
): ({ line: MealLine; id: string; quantity: number } | null)[] {
  const out = [];
  for (const line of lines.get(mealId) ?? []) {
    const id = path === "" ? line.id : derivedUuid(u, "meal_foods", `${path}/${line.id}`);
    if (line.item_type !== "meal") {
      out.push({ line, id, quantity: line.quantity * multiplier });
      continue;
    }
    const inner = mealsThere.get(line.child_meal_id);
    if (!inner || depth >= MAX_MEAL_DEPTH) {
      out.push(null);
      continue;
    }
    const perServing = inner.serving_unit !== "serving" && line.unit === "serving";
    const base = perServing ? line.quantity * inner.serving_size : line.quantity;
    const factor = base / (inner.serving_size * inner.total_servings || 1);
    out.push(
      ...expandedLines(
        u,
        lines,
        mealsThere,
        line.child_meal_id,
        multiplier * factor,
        path === "" ? line.id : `${path}/${line.id}`,
        depth + 1,
      ),
    );
  }
  return out;
}

// That server's own cap when it expands meals for the diary.
const MAX_MEAL_DEPTH = 6;

export const mealFoods: TableImporter = {
  table: "meal_foods",
  async run(u) {
    // The user's meals and every meal reached from them through meal lines.
    const meals = await userRows(
      u,
      () => u.src<(SourceRow & SourceMeal)[]>`
        with recursive reached(id) as (
          select id from public.meals where user_id = ${u.userId}
          union
          select mf.child_meal_id from public.meal_foods mf join reached r on r.id = mf.meal_id
           where mf.child_meal_id is not null)
        select m.id, m.user_id, m.serving_size::float8, m.serving_unit, m.total_servings::float8
          from public.meals m join reached using (id)`,
      "public.meals",
    );
    const lines = await userRows(
      u,
      () => u.src<MealLine[]>`
        select mf.id, mf.meal_id, mf.food_id, mf.variant_id, mf.quantity::float8, mf.unit,
               mf.item_type, mf.child_meal_id
          from public.meal_foods mf
         where mf.meal_id = any(${meals.map((m) => m.id)}::uuid[])
           and (mf.item_type = 'meal' or (mf.food_id is not null and mf.variant_id is not null))
         order by mf.created_at, mf.id`,
      "public.meal_foods",
    );
    const byMeal = new Map<string, MealLine[]>();
    for (const line of lines) byMeal.set(line.meal_id, [...(byMeal.get(line.meal_id) ?? []), line]);
    const mealsThere = new Map(meals.map((m) => [m.id, m]));
    let gone = 0;
    const rows = meals
      .filter((m) => m.user_id === u.userId)
      .flatMap((m) => {
        const expanded = expandedLines(u, byMeal, mealsThere, m.id);
        gone += expanded.filter((l) => l === null).length;
        return expanded.flatMap((l, i) => (l ? [{ ...l, mealId: m.id, i }] : []));
      });
    u.summary.skip("meal line naming a meal no longer there (no foods to expand)", gone);
    const foods = await ownIds(
      u,
      "foods",
      rows.map((r) => r.line.food_id),
    );
    const valid = rows.filter((r) => foods.has(r.line.food_id) && r.quantity > 0);
    u.summary.skip("meal item whose food is not this user's", rows.length - valid.length);
    const counts = await insertNew(
      u,
      "meal_foods",
      valid.map((r) => ({
        id: r.id,
        user_id: u.userId,
        meal_id: r.mealId,
        food_id: r.line.food_id,
        variant_id: r.line.variant_id,
        quantity: r.quantity,
        unit: r.line.unit,
        sort_order: r.i,
      })),
      undefined,
      { carryDeletions: true },
    );
    return withDropped(counts, rows.length - valid.length + gone);
  },
};
