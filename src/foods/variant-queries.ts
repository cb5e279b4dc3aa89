import type { Tx } from "../db.ts";
import { ALLERGEN_LISTS, SNAPSHOT_NUTRIENTS } from "./nutrients.ts";
import type { VariantInput, VariantRow } from "./schemas.ts";
import { variantRow } from "./queries.ts";

const columns = (tx: Tx) => tx`
  id, food_id, serving_size, serving_unit, ${tx(SNAPSHOT_NUTRIENTS as unknown as string[])},
  ${tx(ALLERGEN_LISTS as unknown as string[])}, is_default, source, ai_confidence`;

export function listVariants(tx: Tx, userId: string, foodId: string) {
  return tx<VariantRow[]>`
    select ${columns(tx)} from food_variants where user_id = ${userId} and food_id = ${foodId}
     order by is_default desc, created_at, id`;
}

export async function findVariant(tx: Tx, userId: string, id: string): Promise<VariantRow | null> {
  const [row] = await tx<VariantRow[]>`
    select ${columns(tx)} from food_variants where user_id = ${userId} and id = ${id}`;
  return row ?? null;
}

/** Overwrites the food's default variant with `values` (the food form edits that one). */
export async function updateDefaultVariant(
  tx: Tx,
  userId: string,
  foodId: string,
  values: VariantInput,
) {
  const {
    user_id: _,
    food_id: __,
    is_default: ___,
    ...changes
  } = variantRow(tx, userId, foodId, values, true);
  await tx`update food_variants set ${tx(changes)}, updated_at = now()
            where food_id = ${foodId} and is_default`;
}

export async function insertVariant(tx: Tx, userId: string, foodId: string, values: VariantInput) {
  const makeDefault = values.is_default === true;
  if (makeDefault)
    await tx`update food_variants set is_default = false where food_id = ${foodId} and is_default`;
  const [row] = await tx<VariantRow[]>`
    insert into food_variants ${tx(variantRow(tx, userId, foodId, values, makeDefault))}
    returning ${columns(tx)}`;
  return row!;
}

export async function updateVariant(tx: Tx, userId: string, id: string, values: VariantInput) {
  const current = await findVariant(tx, userId, id);
  if (!current) return null;
  const makeDefault = values.is_default === true || current.is_default;
  if (makeDefault && !current.is_default) {
    await tx`update food_variants set is_default = false where food_id = ${current.food_id} and is_default`;
  }
  const {
    user_id: _,
    food_id: __,
    ...changes
  } = variantRow(tx, userId, current.food_id, values, makeDefault);
  const [row] = await tx<VariantRow[]>`
    update food_variants set ${tx(changes)}, updated_at = now() where id = ${id}
    returning ${columns(tx)}`;
  return row!;
}

/** Deletes a variant other than the default; "default" when it is the food's default. */
export async function deleteVariant(
  tx: Tx,
  userId: string,
  id: string,
): Promise<"deleted" | "default" | null> {
  const current = await findVariant(tx, userId, id);
  if (!current) return null;
  if (current.is_default) return "default";
  await tx`delete from food_variants where id = ${id}`;
  return "deleted";
}
