import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { snapshotFood } from "../foods/logging.ts";
import { ALLERGEN_LISTS, SNAPSHOT_NUTRIENTS } from "../foods/nutrients.ts";
import { isUuid } from "../http/path-params.ts";
import { addDays } from "../database/user-zone.ts";
import type { CopyEntries, CreateEntry, Entry, UpdateEntry } from "./entry-schemas.ts";
import {
  copyEntries,
  findEntry,
  insertEntries,
  listEntriesInRange,
  updateEntryRow,
  type EntryRow,
} from "./entry-queries.ts";
import { resolveMealType, resolveMealTypeRef } from "./meal-types.ts";

const MANUAL_KEYS = [
  "food_name",
  "brand_name",
  "serving_size",
  "serving_unit",
  ...SNAPSHOT_NUTRIENTS,
  ...ALLERGEN_LISTS,
] as const;

function manualValues(input: Partial<CreateEntry>): Partial<EntryRow> {
  return Object.fromEntries(
    MANUAL_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]),
  );
}

/**
 * Logs an entry: from a food (its snapshot and images, rule 6, in the serving unit asked)
 * or, without a food, from the values sent (a quick entry).
 */
export async function logFoodEntry(tx: Tx, userId: string, input: CreateEntry): Promise<Entry> {
  const mealType = await resolveMealType(tx, userId, input);
  const base = {
    user_id: userId,
    meal_type_id: mealType.id,
    meal_id: input.meal_id && isUuid(input.meal_id) ? input.meal_id : null,
    food_entry_meal_id: null,
    entry_date: input.entry_date,
    entry_time: input.entry_time ?? null,
    quantity: input.quantity,
    unit: input.unit,
    source: null,
  };
  if (input.food_id) {
    const snapshot = isUuid(input.food_id)
      ? await snapshotFood(tx, userId, input.food_id, input.variant_id, input.unit)
      : null;
    if (!snapshot) throw new HttpError(404, "Food not found.");
    const [entry] = await insertEntries(tx, [{ ...base, ...snapshot }]);
    return entry!;
  }
  if (!input.food_name) throw new HttpError(400, "food_id or food_name is required.");
  const [entry] = await insertEntries(tx, [
    {
      ...base,
      food_id: null,
      variant_id: null,
      brand_name: null,
      serving_size: input.serving_size ?? 1,
      serving_unit: input.serving_unit ?? input.unit,
      ...manualValues(input),
      images: [],
      source: "manual",
    } as EntryRow,
  ]);
  return entry!;
}

/**
 * Changes an entry. A new unit or variant of a logged food takes that variant's serving
 * values; name and images stay as logged. Null when the user has no such entry.
 */
export async function changeFoodEntry(
  tx: Tx,
  userId: string,
  id: string,
  input: UpdateEntry,
): Promise<Entry | null> {
  const current = await findEntry(tx, userId, id);
  if (!current) return null;
  const changes: Partial<EntryRow> = manualValues(input);
  if (input.meal_type_id || input.meal_type)
    changes.meal_type_id = (await resolveMealType(tx, userId, input)).id;
  if (input.entry_date) changes.entry_date = input.entry_date;
  if (input.entry_time !== undefined) changes.entry_time = input.entry_time;
  if (input.quantity !== undefined) changes.quantity = input.quantity;
  if (input.unit !== undefined) changes.unit = input.unit;
  const unitChanged = input.unit !== undefined && input.unit !== current.unit;
  if (
    current.food_id &&
    (unitChanged || (input.variant_id && input.variant_id !== current.variant_id))
  ) {
    const snapshot = await snapshotFood(tx, userId, current.food_id, input.variant_id, input.unit);
    if (snapshot) {
      const { food_name: _, brand_name: __, images: ___, food_id: ____, ...serving } = snapshot;
      Object.assign(changes, serving, manualValues(input));
    }
  }
  await updateEntryRow(tx, userId, id, changes);
  return findEntry(tx, userId, id);
}

/**
 * Copies a day's entries, or one meal's, to another day (and meal, when named; otherwise
 * the same meal): new rows with the same snapshots. Returns the copies.
 */
export async function copyDiaryEntries(tx: Tx, userId: string, body: CopyEntries) {
  const source = body.sourceMealType
    ? await resolveMealTypeRef(tx, userId, body.sourceMealType)
    : null;
  const target = body.targetMealType
    ? await resolveMealTypeRef(tx, userId, body.targetMealType)
    : source;
  const entries = await listEntriesInRange(
    tx,
    userId,
    body.sourceDate,
    body.sourceDate,
    source?.id,
  );
  return copyEntries(tx, userId, entries, body.targetDate, target?.id);
}

/** Copies the day before `targetDate` (one meal of it, or all) onto `targetDate`. */
export function copyFromYesterday(
  tx: Tx,
  userId: string,
  targetDate: string,
  mealType?: string | null,
) {
  const sourceDate = addDays(targetDate, -1);
  return copyDiaryEntries(tx, userId, {
    sourceDate,
    sourceMealType: mealType,
    targetDate,
    targetMealType: mealType,
  });
}
