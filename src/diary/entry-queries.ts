import type { PendingQuery, Row } from "postgres";
import type { Tx } from "../db.ts";
import { SQL_ISO_INSTANT } from "../lib/iso-instants.ts";
import { ALLERGEN_LISTS, SNAPSHOT_NUTRIENTS } from "../foods/nutrients.ts";
import type { Entry } from "./entry-schemas.ts";

/** The columns of a stored entry, as inserted (snapshot included). */
export type EntryRow = Omit<
  Entry,
  "id" | "meal_type" | "created_at" | "updated_at" | "provider_verified" | "food_images"
>;

const SNAPSHOT_COLUMNS: string[] = [
  "food_name",
  "brand_name",
  "serving_size",
  "serving_unit",
  ...SNAPSHOT_NUTRIENTS,
  ...ALLERGEN_LISTS,
];
const WRITE_COLUMNS: string[] = [
  "user_id",
  "food_id",
  "variant_id",
  "meal_id",
  "food_entry_meal_id",
  "meal_type_id",
  "entry_date",
  "entry_time",
  "quantity",
  "unit",
  ...SNAPSHOT_COLUMNS,
  "source",
  "images",
  "position",
];

// Code constants joined once: escaping the identifiers on every query cost more than the
// diary read's own work. A line without allergen lists of its own (a logged meal's line, as
// SparkyFitness stores them) answers its variant's, as that server's diary answers them.
const SNAPSHOT_SELECT = SNAPSHOT_COLUMNS.map((c) =>
  (ALLERGEN_LISTS as readonly string[]).includes(c)
    ? `coalesce(e.${c}, (select v.${c} from food_variants v where v.id = e.variant_id)) as ${c}`
    : `e.${c}`,
).join(", ");
const columnsBeforeTimes = (tx: Tx) => tx`
  e.id, e.user_id, e.food_id, e.variant_id, e.meal_id, e.food_entry_meal_id,
  t.name as meal_type, e.meal_type_id, e.entry_date, e.entry_time, e.quantity, e.unit,
  ${tx.unsafe(SNAPSHOT_SELECT)}, e.source, e.images,
  coalesce((select f.provider_verified from foods f where f.id = e.food_id), false)
    as provider_verified,
  coalesce((select f.images from foods f where f.id = e.food_id), '[]'::jsonb) as food_images`;
const columns = (tx: Tx) => tx`${columnsBeforeTimes(tx)}, e.created_at, e.updated_at`;
const jsonColumns = (tx: Tx) => tx`${columnsBeforeTimes(tx)},
  to_char(e.created_at at time zone 'UTC', ${SQL_ISO_INSTANT}) as created_at,
  to_char(e.updated_at at time zone 'UTC', ${SQL_ISO_INSTANT}) as updated_at`;
const rangeOrder = (tx: Tx) => tx`e.entry_date, t.sort_order, e.created_at, e.position, e.id`;

/** One multi-row insert for any number of entries; returns them in the order given. */
export async function insertEntries(tx: Tx, rows: EntryRow[]): Promise<Entry[]> {
  if (rows.length === 0) return [];
  // Exactly the write columns, in one order, so every row of the insert lines up.
  const prepared = rows.map((row, position) => {
    const values: Record<string, unknown> = { ...row, position };
    values.custom_nutrients = tx.json(row.custom_nutrients ?? {});
    values.images = tx.json(row.images);
    return Object.fromEntries(WRITE_COLUMNS.map((column) => [column, values[column] ?? null]));
  });
  const inserted = await tx<
    { id: string }[]
  >`insert into food_entries ${tx(prepared)} returning id`;
  return listEntriesById(
    tx,
    rows[0]!.user_id,
    inserted.map((row) => row.id),
  );
}

export async function listEntriesById(tx: Tx, userId: string, ids: string[]): Promise<Entry[]> {
  const rows = await tx<Entry[]>`
    select ${columns(tx)} from food_entries e join meal_types t on t.id = e.meal_type_id
     where e.user_id = ${userId} and e.id = any(${ids}::uuid[])`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findEntry(tx: Tx, userId: string, id: string): Promise<Entry | null> {
  const [row] = await listEntriesById(tx, userId, [id]);
  return row ?? null;
}

/** A day's entries in meal order, then as logged; optionally one meal type only. */
export function listEntriesInRange(
  tx: Tx,
  userId: string,
  from: string,
  to: string,
  mealTypeId?: string,
) {
  return tx<Entry[]>`
    select ${columns(tx)} from food_entries e join meal_types t on t.id = e.meal_type_id
     where e.user_id = ${userId} and e.entry_date between ${from} and ${to}
       ${mealTypeId ? tx`and e.meal_type_id = ${mealTypeId}` : tx``}
     order by ${rangeOrder(tx)}`;
}

/**
 * The entries of listEntriesInRange as the JSON text of the diary's answer, built by
 * PostgreSQL: the diary's busiest read sends it as it comes, with no row objects to build
 * and no JSON.stringify. Same keys, order and values as the rows through entrySchema.
 */
export function entriesJsonInRange(tx: Tx, userId: string, from: string, to: string) {
  return tx<{ body: string }[]>`
    select coalesce(json_agg(entry order by ${rangeOrder(tx)}), '[]')::text as body
      from food_entries e join meal_types t on t.id = e.meal_type_id
     cross join lateral (select ${jsonColumns(tx)}) entry
     where e.user_id = ${userId} and e.entry_date between ${from} and ${to}`;
}

/** Sets the columns given on one of the user's entries; false when there is none. */
export async function updateEntryRow(
  tx: Tx,
  userId: string,
  id: string,
  changes: Partial<EntryRow>,
) {
  const prepared: Record<string, unknown> = { ...changes };
  if (changes.custom_nutrients !== undefined)
    prepared.custom_nutrients = tx.json(changes.custom_nutrients ?? {});
  if (changes.images !== undefined) prepared.images = tx.json(changes.images);
  const keys = Object.keys(prepared);
  const updated = keys.length
    ? await tx`update food_entries set ${tx(prepared)}, updated_at = now()
                where id = ${id} and user_id = ${userId}`
    : await tx`select 1 from food_entries where id = ${id} and user_id = ${userId}`;
  return updated.count > 0;
}

/** Deletes an entry, returning its images (a diary-set file may need removing), or null. */
export async function deleteEntry(tx: Tx, userId: string, id: string): Promise<string[] | null> {
  const [row] = await tx<{ images: string[] }[]>`
    delete from food_entries where id = ${id} and user_id = ${userId} returning images`;
  return row?.images ?? null;
}

/** Copies entries as new rows on `targetDate` (and meal type, when given); returns them. */
export async function copyEntries(
  tx: Tx,
  userId: string,
  source: Entry[],
  targetDate: string,
  targetMealTypeId?: string,
) {
  const rows: EntryRow[] = source.map(
    ({ id: _, meal_type: __, created_at: ___, updated_at: ____, ...row }) => ({
      ...row,
      entry_date: targetDate,
      meal_type_id: targetMealTypeId ?? row.meal_type_id,
      food_entry_meal_id: null,
    }),
  );
  return insertEntries(
    tx,
    rows.map((row) => ({ ...row, user_id: userId })),
  );
}

/** The entries of the logged meals `mealIds` selects, in the order they were logged. */
export function listEntriesOfMeals(tx: Tx, userId: string, mealIds: PendingQuery<Row[]>) {
  return tx<Entry[]>`
    select ${columns(tx)} from food_entries e join meal_types t on t.id = e.meal_type_id
     where e.user_id = ${userId} and e.food_entry_meal_id in (${mealIds})
     order by e.created_at, e.position, e.id`;
}
