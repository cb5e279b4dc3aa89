import { copyBuiltinFood } from "../builtin-foods/copy.ts";
import { parseBuiltinFoodId, parseBuiltinVariantId } from "../database/catalogue/ids.ts";
import { builtinServings } from "../builtin-foods/present.ts";
import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import {
  ALLERGEN_LISTS,
  SNAPSHOT_NUTRIENTS,
  type AllergenLists,
  type Nutrients,
} from "./nutrients.ts";

/** What a diary entry copies from a food at log time (rule 6: the images too). */
export type FoodSnapshot = Nutrients &
  AllergenLists & {
    food_id: string;
    variant_id: string;
    food_name: string;
    brand_name: string | null;
    serving_size: number;
    serving_unit: string;
    images: string[];
  };

/**
 * The snapshot of a food for logging `unit` of it: the variant named, or the food's
 * variant in that serving unit (a quantity may be in any of the food's serving units).
 * A built-in food's id logs its library copy, made on first use (a built-in serving's id
 * picks the copy's serving of that unit).
 * Null when the user has no such food. The food row is locked as the entry's foreign key
 * would lock it anyway, so an image download rewriting the food waits for this entry and
 * then rewrites it too (image-jobs.ts), or finishes first and the snapshot sees its result.
 */
export async function snapshotFood(
  tx: Tx,
  userId: string,
  foodId: string,
  variantId: string | null | undefined,
  unit: string | undefined,
): Promise<FoodSnapshot | null> {
  const ndb = parseBuiltinFoodId(foodId);
  if (!ndb) return snapshotLibraryFood(tx, userId, foodId, variantId, unit);
  // A built-in food is logged from the library copy it gets (or has): the entry's food.
  const copy = await copyBuiltinFood(tx, userId, ndb);
  if (!copy) return null;
  const builtinVariant = variantId ? parseBuiltinVariantId(variantId) : null;
  if (builtinVariant?.ndb !== ndb) return snapshotLibraryFood(tx, userId, copy.id, variantId, unit);
  const serving = builtinServings(copy.row.measures).find((s) => s.index === builtinVariant.index);
  return snapshotLibraryFood(tx, userId, copy.id, null, serving?.unit ?? unit);
}

async function snapshotLibraryFood(
  tx: Tx,
  userId: string,
  foodId: string,
  variantId: string | null | undefined,
  unit: string | undefined,
): Promise<FoodSnapshot | null> {
  const rows = await tx<(FoodSnapshot & { is_default: boolean })[]>`
    select f.id as food_id, v.id as variant_id, f.name as food_name, f.brand as brand_name,
           f.images, v.serving_size, v.serving_unit, v.is_default,
           ${tx([...SNAPSHOT_NUTRIENTS, ...ALLERGEN_LISTS].map((key) => `v.${key}`))}
      from foods f join food_variants v on v.food_id = f.id
     where f.user_id = ${userId} and f.id = ${foodId}
     order by v.is_default desc, v.created_at
       for key share of f`;
  if (rows.length === 0) return null;
  const pick =
    (variantId && rows.find((row) => row.variant_id === variantId)) ||
    (unit !== undefined && !variantId && rows.find((row) => row.serving_unit === unit)) ||
    (unit === undefined && !variantId && rows[0]);
  if (!pick) {
    const units = rows.map((row) => row.serving_unit).join(", ");
    throw new HttpError(
      400,
      variantId
        ? "variant_id is not a variant of that food."
        : `unit must be one of the food's serving units: ${units}.`,
    );
  }
  const { is_default: _, ...snapshot } = pick;
  return snapshot;
}
