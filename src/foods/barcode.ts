import type { Database } from "../db.ts";
import type { Food } from "./schemas.ts";
import { findFoodByBarcode } from "./search-queries.ts";

/**
 * The library's food with this barcode, as the given actor may see it (RLS decides), or
 * null: the one entry point other domains (provider barcode lookup) use.
 */
export function findLibraryFoodByBarcode(
  db: Database,
  userId: string,
  actorId: string,
  barcode: string,
): Promise<Food | null> {
  return db.withUser(userId, (tx) => findFoodByBarcode(tx, userId, barcode), actorId);
}
