import type { Database } from "../db.ts";
import { findFood } from "./queries.ts";
import type { Food } from "./schemas.ts";
import { findFoodByBarcode } from "./search-queries.ts";

/**
 * The entry points other domains (provider barcode lookup, Open Food Facts contributions)
 * use to read the library, as the given actor may see it: RLS decides.
 */

/** The library's food with this barcode, or null. */
export function findLibraryFoodByBarcode(
  db: Database,
  userId: string,
  actorId: string,
  barcode: string,
): Promise<Food | null> {
  return db.withUser(userId, (tx) => findFoodByBarcode(tx, userId, barcode), actorId);
}

/** The library's food with this id, or null. */
export function readLibraryFood(
  db: Database,
  userId: string,
  actorId: string,
  foodId: string,
): Promise<Food | null> {
  return db.withUser(userId, (tx) => findFood(tx, userId, foodId), actorId);
}
