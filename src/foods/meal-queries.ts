import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { snapshotFood } from "./logging.ts";
import type { Meal, MealFoodInput, MealInput } from "./meal-schemas.ts";
import { SNAPSHOT_NUTRIENTS } from "./nutrients.ts";
import { toSearchText } from "../lib/search-text.ts";

const foodsOf = (tx: Tx) => tx`
  coalesce((select json_agg(x order by x.sort_order, x.id) from (
      select mf.id, mf.food_id, mf.variant_id, mf.quantity, mf.unit, mf.sort_order,
             f.name as food_name, f.brand, v.serving_size, v.serving_unit,
             ${tx(SNAPSHOT_NUTRIENTS.map((key) => `v.${key}`))}
        from meal_foods mf join foods f on f.id = mf.food_id
        join food_variants v on v.id = mf.variant_id
       where mf.meal_id = m.id) x), '[]') as foods`;

const columns = (tx: Tx) => tx`
  m.id, m.user_id, m.name, m.description, m.is_public, m.serving_size, m.serving_unit,
  m.total_servings, m.images, m.created_at, m.updated_at, ${foodsOf(tx)}`;

/** The user's templates with these ids, in the order asked. */
export async function listMealsById(tx: Tx, userId: string, ids: string[]): Promise<Meal[]> {
  if (ids.length === 0) return [];
  const rows = await tx<
    Meal[]
  >`select ${columns(tx)} from meals m where m.user_id = ${userId} and m.id = any(${ids}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findMeal(tx: Tx, userId: string, id: string): Promise<Meal | null> {
  if (!isUuid(id)) return null;
  const [meal] = await listMealsById(tx, userId, [id]);
  return meal ?? null;
}

/** Templates by name (case- and accent-insensitive), newest first. */
export async function searchMeals(tx: Tx, userId: string, pattern: string | null, limit: number) {
  const rows = await tx<{ id: string }[]>`
    select id from meals where user_id = ${userId}
       ${pattern ? tx`and search_text like ${pattern}` : tx``}
     order by updated_at desc, id limit ${limit}`;
  return listMealsById(
    tx,
    userId,
    rows.map((row) => row.id),
  );
}

/** Templates by when (recent) or how often (top) they were logged as a meal. */
export async function listLoggedMeals(
  tx: Tx,
  userId: string,
  order: "recent" | "top",
  limit: number,
) {
  const rows = await tx<{ id: string }[]>`
    select meal_template_id as id from food_entry_meals
     where user_id = ${userId} and meal_template_id is not null
     group by meal_template_id
     order by ${order === "top" ? tx`count(*) desc, max(created_at) desc` : tx`max(created_at) desc`}
     limit ${limit}`;
  return listMealsById(
    tx,
    userId,
    rows.map((row) => row.id),
  );
}

/** Resolves each food's variant in the unit sent (400 when the unit is not one of the food's). */
async function mealFoodRows(tx: Tx, userId: string, mealId: string, foods: MealFoodInput[]) {
  return Promise.all(
    foods.map(async (item, index) => {
      const snapshot = isUuid(item.food_id)
        ? await snapshotFood(tx, userId, item.food_id, item.variant_id, item.unit)
        : null;
      if (!snapshot) throw new HttpError(400, `foods.${index}.food_id: no such food.`);
      return {
        user_id: userId,
        meal_id: mealId,
        food_id: snapshot.food_id,
        variant_id: snapshot.variant_id,
        quantity: item.quantity,
        unit: item.unit,
        sort_order: index,
      };
    }),
  );
}

export async function insertMeal(tx: Tx, userId: string, input: MealInput): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into meals ${tx({
      user_id: userId,
      name: input.name,
      description: input.description ?? null,
      is_public: input.is_public ?? false,
      serving_size: input.serving_size ?? 1,
      serving_unit: input.serving_unit ?? "serving",
      total_servings: input.total_servings ?? 1,
      images: tx.json(input.images ?? []),
      search_text: toSearchText(input.name),
    })} returning id`;
  await replaceMealFoods(tx, userId, row!.id, input.foods);
  return row!.id;
}

/** Changes a template; sent foods replace its list. False when there is no such template. */
export async function updateMeal(tx: Tx, userId: string, id: string, input: Partial<MealInput>) {
  const changes: Record<string, unknown> = {};
  for (const key of [
    "name",
    "description",
    "is_public",
    "serving_size",
    "serving_unit",
    "total_servings",
  ] as const) {
    if (input[key] !== undefined) changes[key] = input[key];
  }
  if (input.name) changes.search_text = toSearchText(input.name);
  if (input.images !== undefined) changes.images = tx.json(input.images ?? []);
  const updated = Object.keys(changes).length
    ? await tx`update meals set ${tx(changes)}, updated_at = now() where id = ${id} and user_id = ${userId}`
    : await tx`update meals set updated_at = now() where id = ${id} and user_id = ${userId}`;
  if (updated.count === 0) return false;
  if (input.foods) await replaceMealFoods(tx, userId, id, input.foods);
  return true;
}

async function replaceMealFoods(tx: Tx, userId: string, mealId: string, foods: MealFoodInput[]) {
  const rows = await mealFoodRows(tx, userId, mealId, foods);
  await tx`delete from meal_foods where meal_id = ${mealId}`;
  if (rows.length) await tx`insert into meal_foods ${tx(rows)}`;
}

export async function deleteMeal(tx: Tx, userId: string, id: string): Promise<boolean> {
  return (await tx`delete from meals where id = ${id} and user_id = ${userId}`).count > 0;
}

/** Whether deleting the template touches logged meals (they keep their entries either way). */
export async function mealDeletionImpact(tx: Tx, userId: string, id: string) {
  const [row] = await tx<{ used: boolean }[]>`
    select exists (select 1 from food_entry_meals where meal_template_id = ${id} and user_id = ${userId}) as used`;
  return { usedByOtherUsers: false, usedByCurrentUser: row!.used };
}
