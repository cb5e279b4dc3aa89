import { deleteGone, type Removal } from "../run/copy-rows.ts";
import { userRows, type TableImporter, type UserImport } from "../run/context.ts";
import { EXERCISE_COLUMNS_HERE } from "./exercise-library.ts";
import { FOOD_COLUMNS, MEAL_TYPE_COLUMNS, VARIANT_COLUMNS } from "./foods.ts";

// Rows deleted there whose rows here may still be in use, carried after what uses them.

/**
 * Carries the deletions of a table (of the same name there and here, written here with
 * `columns`) whose rows `read` lists there, each going as `remove` says. A table that
 * release lacks, or that is empty there, deletes nothing (as insertNew does).
 */
function deferredDeletions(
  table: string,
  columns: string[],
  read: (u: UserImport) => Promise<{ id: string }[]>,
  remove: Removal,
): TableImporter {
  return {
    table,
    async run(u) {
      const ids = new Set((await userRows(u, () => read(u), `public.${table}`)).map((r) => r.id));
      const deleted = ids.size ? await deleteGone(u, table, ids, columns, { remove }) : 0;
      return { read: 0, written: 0, updated: 0, ...(deleted ? { deleted } : {}), skipped: 0 };
    },
  };
}

/**
 * Foods and variants deleted there, carried after the diary, meals and meal plans (whose
 * rows deleted there with them are then gone here too). A food the diary here still uses
 * (an entry logged here, or one deleted there but changed here) is hidden (is_quick_food)
 * with its entries and default serving kept, as deleting a food in use does here and there;
 * any other is deleted. The rule for a row changed here is insertNew's (copy-rows.ts).
 */
export const deletedFoods = deferredDeletions(
  "foods",
  FOOD_COLUMNS,
  (u) => u.src`select id::text from public.foods where user_id = ${u.userId}`,
  async (tx, id) => {
    const [food] = await tx<{ used: boolean }[]>`
      select exists (select 1 from food_entries where food_id = ${id}) as used`;
    if (!food!.used) return tx`delete from foods where id = ${id}`;
    await tx`update foods set is_quick_food = true, updated_at = now() where id = ${id}`;
    return { count: 0 };
  },
);

/** Variants deleted there, but for the default serving of a food kept hidden. */
export const deletedVariants = deferredDeletions(
  "food_variants",
  VARIANT_COLUMNS,
  (u) => u.src`
    select v.id::text from public.food_variants v join public.foods f on f.id = v.food_id
     where f.user_id = ${u.userId}`,
  (tx, id) => tx`delete from food_variants where id = ${id} and not is_default`,
);

/**
 * The user's own exercises deleted there, carried after the workouts, presets and plans
 * (those deleted there with them are then gone here too). One that a workout, preset or
 * plan here still names is hidden (left out of the search and suggestions), as that server
 * does with one in use; any other is deleted.
 */
export const deletedExercises = deferredDeletions(
  "exercises",
  EXERCISE_COLUMNS_HERE,
  (u) => u.src`select id::text from public.exercises where user_id = ${u.userId}`,
  async (tx, id) => {
    const [exercise] = await tx<{ used: boolean }[]>`
      select exists (select 1 from exercise_entries where exercise_id = ${id})
          or exists (select 1 from workout_preset_exercises where exercise_id = ${id})
          or exists (select 1 from workout_plan_template_assignments where exercise_id = ${id})
             as used`;
    if (!exercise!.used) return tx`delete from exercises where id = ${id}`;
    await tx`update exercises set is_hidden = true, updated_at = now() where id = ${id}`;
    return { count: 0 };
  },
);

/**
 * The user's own meal types deleted there (that server refuses to delete one in its diary),
 * carried after the diary: one the diary here still uses (an entry logged here) is hidden,
 * as this server refuses to delete one in use; any other is deleted.
 */
export const deletedMealTypes = deferredDeletions(
  "meal_types",
  MEAL_TYPE_COLUMNS,
  (u) => u.src`select id::text from public.meal_types where user_id = ${u.userId}`,
  async (tx, id) => {
    const [mealType] = await tx<{ used: boolean }[]>`
      select exists (select 1 from food_entries where meal_type_id = ${id})
          or exists (select 1 from food_entry_meals where meal_type_id = ${id}) as used`;
    if (!mealType!.used) return tx`delete from meal_types where id = ${id}`;
    await tx`update meal_types set is_visible = false where id = ${id}`;
    return { count: 0 };
  },
);
