import type { PendingQuery, Row } from "postgres";
import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { snapshotFood } from "../foods/logging.ts";
import { findMealTemplate, type MealFoodInput } from "../foods/meal-templates.ts";
import { MAIN_NUTRIENTS, OPTIONAL_NUTRIENTS } from "../foods/nutrients.ts";
import { isUuid } from "../http/path-params.ts";
import type { Entry } from "./entry-schemas.ts";
import { insertEntries, listEntriesOfMeals, type EntryRow } from "./entry-queries.ts";
import type { LoggedMeal, LoggedMealInput } from "./logged-meal-schemas.ts";
import { resolveMealType } from "./meal-types.ts";

type MealRow = Omit<
  LoggedMeal,
  "foods" | (typeof MAIN_NUTRIENTS)[number] | (typeof OPTIONAL_NUTRIENTS)[number]
>;

const columns = (tx: Tx) => tx`
  m.id, m.user_id, m.meal_template_id, t.name as meal_type, m.meal_type_id, m.entry_date,
  m.entry_time, m.name, m.description, m.quantity, m.unit, m.images,
  coalesce((select x.images from meals x where x.id = m.meal_template_id), '[]'::jsonb)
    as meal_images,
  m.created_at, m.updated_at`;

/**
 * Logs a meal in one call: its foods (sent, or the template's scaled by quantity over the
 * template's serving size) become diary entries kept together under one logged meal, each
 * with its food's snapshot and images (rule 6, from a template too).
 */
export async function logMeal(tx: Tx, userId: string, input: LoggedMealInput): Promise<LoggedMeal> {
  const mealType = await resolveMealType(tx, userId, input);
  const template = input.meal_template_id
    ? await findMealTemplate(tx, userId, input.meal_template_id)
    : null;
  if (input.meal_template_id && !template) throw new HttpError(404, "Meal not found.");
  const name = input.name ?? template?.name;
  if (!name) throw new HttpError(400, "name or meal_template_id is required.");
  const [row] = await tx<{ id: string }[]>`
    insert into food_entry_meals ${tx({
      user_id: userId,
      meal_template_id: template?.id ?? null,
      meal_type_id: mealType.id,
      entry_date: input.entry_date,
      entry_time: input.entry_time ?? null,
      name,
      description: input.description ?? template?.description ?? null,
      quantity: input.quantity,
      unit: input.unit,
      images: tx.json(template?.images ?? []),
    })} returning id`;
  const foods =
    input.foods ?? scaled(template?.items ?? [], input.quantity / (template?.serving_size ?? 1));
  await insertMealEntries(tx, userId, row!.id, template?.id ?? null, foods);
  return (await findLoggedMeal(tx, userId, row!.id))!;
}

function scaled(foods: MealFoodInput[], factor: number): MealFoodInput[] {
  return foods.map((food) => ({ ...food, quantity: food.quantity * factor }));
}

async function insertMealEntries(
  tx: Tx,
  userId: string,
  mealId: string,
  templateId: string | null,
  foods: MealFoodInput[],
) {
  const [meal] = await tx<
    { meal_type_id: string; entry_date: string; entry_time: string | null }[]
  >`
    select meal_type_id, entry_date, entry_time from food_entry_meals where id = ${mealId}`;
  const rows: EntryRow[] = [];
  for (const [index, food] of foods.entries()) {
    const snapshot = isUuid(food.food_id)
      ? await snapshotFood(tx, userId, food.food_id, food.variant_id, food.unit)
      : null;
    if (!snapshot) throw new HttpError(400, `foods.${index}.food_id: no such food.`);
    rows.push({
      ...meal!,
      ...snapshot,
      user_id: userId,
      food_entry_meal_id: mealId,
      meal_id: templateId,
      quantity: food.quantity,
      unit: food.unit,
      source: null,
    });
  }
  await insertEntries(tx, rows);
}

/** Changes a logged meal; sent foods replace its entries. Null when there is none. */
export async function changeLoggedMeal(
  tx: Tx,
  userId: string,
  id: string,
  input: Partial<LoggedMealInput>,
) {
  const changes: Record<string, unknown> = {};
  if (input.meal_type || input.meal_type_id)
    changes.meal_type_id = (await resolveMealType(tx, userId, input)).id;
  for (const key of [
    "entry_date",
    "entry_time",
    "name",
    "description",
    "quantity",
    "unit",
  ] as const) {
    if (input[key] !== undefined) changes[key] = input[key];
  }
  const updated = await tx<{ meal_template_id: string | null }[]>`
    update food_entry_meals set ${tx({ ...changes, updated_at: new Date() })}
     where id = ${id} and user_id = ${userId} returning meal_template_id`;
  if (!updated[0]) return null;
  if (input.foods) {
    await tx`delete from food_entries where food_entry_meal_id = ${id}`;
    await insertMealEntries(tx, userId, id, updated[0].meal_template_id, input.foods);
  } else {
    // The entries move with their meal.
    await tx`update food_entries e set meal_type_id = m.meal_type_id, entry_date = m.entry_date,
               entry_time = m.entry_time, updated_at = now()
               from food_entry_meals m where m.id = ${id} and e.food_entry_meal_id = m.id`;
  }
  return findLoggedMeal(tx, userId, id);
}

/**
 * Deletes a logged meal with its entries, returning every image they held (diary-set
 * files to remove after the commit), or null when there is no such meal.
 */
export async function deleteLoggedMeal(
  tx: Tx,
  userId: string,
  id: string,
): Promise<string[] | null> {
  if (!isUuid(id)) return null;
  const entries = await tx<{ images: string[] }[]>`
    select images from food_entries where food_entry_meal_id = ${id} and user_id = ${userId}`;
  const [meal] = await tx<{ images: string[] }[]>`
    delete from food_entry_meals where id = ${id} and user_id = ${userId} returning images`;
  return meal ? [...meal.images, ...entries.flatMap((entry) => entry.images)] : null;
}

export async function findLoggedMeal(
  tx: Tx,
  userId: string,
  id: string,
): Promise<LoggedMeal | null> {
  if (!isUuid(id)) return null;
  const [meal] = await readMeals(tx, userId, (q) => q`m.id = ${id}`);
  return meal ?? null;
}

/** The statements of a day's logged meals (see mealStatements); dayOfLoggedMeals joins their rows. */
export function loggedMealsOfDayStatements(tx: Tx, userId: string, date: string) {
  return mealStatements(tx, userId, (q) => q`m.entry_date = ${date}`);
}

/**
 * The day's logged meals; each food line answers what was eaten of it (its per-serving values
 * times quantity over serving size), as the phone app reads this list.
 */
export function dayOfLoggedMeals(meals: MealRow[], entries: Entry[]): LoggedMeal[] {
  return withFoods(meals, entries).map((meal) => ({
    ...meal,
    foods: meal.foods.map(eatenPortion),
  }));
}

function eatenPortion<T extends EatenFood>(food: T): T {
  const factor = food.quantity / food.serving_size;
  const portion = { ...food };
  for (const key of [...MAIN_NUTRIENTS, ...OPTIONAL_NUTRIENTS])
    if (typeof food[key] === "number") (portion[key] as number) = food[key] * factor;
  return portion;
}

async function readMeals(
  tx: Tx,
  userId: string,
  which: (q: Tx) => PendingQuery<Row[]>,
): Promise<LoggedMeal[]> {
  const [meals, entries] = await Promise.all(mealStatements(tx, userId, which));
  return withFoods(meals, entries);
}

/**
 * The user's logged meals that `which` picks (a condition on `m`) and their foods: two
 * statements by the same condition, which do not wait for each other (one round trip).
 * withFoods puts them together.
 */
function mealStatements(tx: Tx, userId: string, which: (q: Tx) => PendingQuery<Row[]>) {
  return [
    tx<MealRow[]>`
      select ${columns(tx)} from food_entry_meals m join meal_types t on t.id = m.meal_type_id
       where m.user_id = ${userId} and ${which(tx)} order by t.sort_order, m.created_at`,
    listEntriesOfMeals(
      tx,
      userId,
      tx`select m.id from food_entry_meals m where m.user_id = ${userId} and ${which(tx)}`,
    ),
  ] as const;
}

/** Each logged meal with its foods and the nutrients they add up to. */
function withFoods(meals: MealRow[], entries: Entry[]): LoggedMeal[] {
  return meals.map((meal) => {
    const own = entries.filter((entry) => entry.food_entry_meal_id === meal.id);
    return { ...meal, ...sumEatenNutrients(own), foods: own };
  });
}

/** What an entry or a logged meal's food says about what was eaten. */
export type EatenFood = Pick<
  Entry,
  | "quantity"
  | "serving_size"
  | (typeof MAIN_NUTRIENTS)[number]
  | (typeof OPTIONAL_NUTRIENTS)[number]
>;

/** Nutrient totals of the entries: per-serving values times quantity over serving size. */
export function sumEatenNutrients(entries: EatenFood[]) {
  const keys = [...MAIN_NUTRIENTS, ...OPTIONAL_NUTRIENTS];
  const sums = Object.fromEntries(keys.map((key) => [key, 0])) as Record<
    (typeof keys)[number],
    number
  >;
  for (const entry of entries) {
    const factor = entry.quantity / entry.serving_size;
    for (const key of keys) sums[key] += (entry[key] ?? 0) * factor;
  }
  return sums;
}
