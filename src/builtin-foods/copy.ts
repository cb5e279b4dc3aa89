import type { Tx } from "../db.ts";
import { findFoodByIdentity, insertFood, insertVariants } from "../foods/queries.ts";
import type { VariantInput } from "../foods/schemas.ts";
import { BUILTIN_PROVIDER, builtinVariants, type BuiltinRow } from "./present.ts";
import { findBuiltinFood } from "./queries.ts";

/**
 * Puts built-in food `ndb` into the user's library with all its servings (a provider food
 * like any other: provider usda_sr24, its NDB number as the provider id), or finds the copy
 * already there. Null when the catalogue has no such food.
 */
export async function copyBuiltinFood(
  tx: Tx,
  userId: string,
  ndb: string,
): Promise<{ id: string; created: boolean; row: BuiltinRow } | null> {
  const row = await findBuiltinFood(tx, ndb);
  if (!row) return null;
  const fields = {
    name: row.name,
    provider_type: BUILTIN_PROVIDER,
    provider_external_id: ndb,
    is_custom: false,
    provider_verified: true,
  };
  const existing = await findFoodByIdentity(tx, userId, fields);
  if (existing) return { id: existing.id, created: false, row };
  const id = await insertFood(tx, userId, fields, []);
  const variants = builtinVariants(row).map(
    ({ id: _, food_id: __, ...variant }) => variant as VariantInput,
  );
  await insertVariants(tx, userId, id, variants);
  return { id, created: true, row };
}
