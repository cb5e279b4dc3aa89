import { deleteGone, type Removal } from "../run/copy-rows.ts";
import { userRows, type TableImporter, type UserImport } from "../run/context.ts";
import { FOOD_COLUMNS, VARIANT_COLUMNS } from "./foods.ts";

/**
 * Foods and variants deleted there, carried after the diary, meals and meal plans (whose
 * rows deleted there with them are then gone here too). A food the diary here still uses
 * (an entry logged here, or one deleted there but changed here) is hidden (is_quick_food)
 * with its entries and default serving kept, as deleting a food in use does here and there;
 * any other is deleted. The rule for a row changed here is insertNew's (copy-rows.ts).
 */
export const deletedFoods: TableImporter = {
  table: "foods",
  async run(u) {
    const ids = await sourceIds(
      u,
      () => u.src<{ id: string }[]>`select id::text from public.foods where user_id = ${u.userId}`,
      "public.foods",
    );
    const deleted = ids.size ? await deleteGone(u, "foods", ids, FOOD_COLUMNS, removeFood) : 0;
    return { read: 0, written: 0, updated: 0, ...(deleted ? { deleted } : {}), skipped: 0 };
  },
};

/** Variants deleted there, but for the default serving of a food kept hidden. */
export const deletedVariants: TableImporter = {
  table: "food_variants",
  async run(u) {
    const ids = await sourceIds(
      u,
      () => u.src<{ id: string }[]>`
        select v.id::text from public.food_variants v join public.foods f on f.id = v.food_id
         where f.user_id = ${u.userId}`,
      "public.food_variants",
    );
    const deleted = ids.size
      ? await deleteGone(u, "food_variants", ids, VARIANT_COLUMNS, removeVariant)
      : 0;
    return { read: 0, written: 0, updated: 0, ...(deleted ? { deleted } : {}), skipped: 0 };
  },
};

/** The source's ids of a table (none when that release lacks it: nothing is then deleted). */
async function sourceIds(u: UserImport, read: () => Promise<{ id: string }[]>, table: string) {
  return new Set((await userRows(u, read, table)).map((r) => r.id));
}

const removeFood: Removal = async (tx, id) => {
  const [food] = await tx<{ used: boolean }[]>`
    select exists (select 1 from food_entries where food_id = ${id}) as used`;
  if (!food!.used) return tx`delete from foods where id = ${id}`;
  await tx`update foods set is_quick_food = true, updated_at = now() where id = ${id}`;
  return { count: 0 };
};

const removeVariant: Removal = (tx, id) =>
  tx`delete from food_variants where id = ${id} and not is_default`;
