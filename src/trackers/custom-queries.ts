import type { Tx } from "../db.ts";

export type CategoryFields = {
  name: string;
  display_name: string | null;
  measurement_type: string;
  unit: string | null;
  frequency: "All" | "Daily" | "Hourly";
  data_type: "numeric" | "integer" | "text";
};
export type CategoryRow = CategoryFields & { id: string; updated_at: Date };

export type EntryInput = {
  category: CategoryRow;
  entry_date: string;
  entry_hour: number | null;
  entry_timestamp: string | null;
  value: number | null;
  text_value: string | null;
  notes: string | null;
  source: string;
};

const categoryColumns = (tx: Tx) =>
  tx`id, name, display_name, measurement_type, unit, frequency, data_type, updated_at`;
const categoryKeys = [
  "name",
  "display_name",
  "measurement_type",
  "unit",
  "frequency",
  "data_type",
] as const;

export function listCategories(tx: Tx, userId: string) {
  return tx<CategoryRow[]>`
    select ${categoryColumns(tx)} from custom_measurement_categories
     where user_id = ${userId} order by name`;
}

export async function findCategory(tx: Tx, userId: string, id: string) {
  const [row] = await tx<CategoryRow[]>`
    select ${categoryColumns(tx)} from custom_measurement_categories
     where user_id = ${userId} and id = ${id}`;
  return row;
}

/** The category of one of the user's entries. */
export async function findEntryCategory(tx: Tx, userId: string, entryId: string) {
  const [row] = await tx<CategoryRow[]>`
    select ${categoryColumns(tx)} from custom_measurement_categories
     where id = (select category_id from custom_measurement_entries
                  where user_id = ${userId} and id = ${entryId})`;
  return row;
}

export async function createCategory(tx: Tx, userId: string, fields: CategoryFields) {
  const [row] = await tx<CategoryRow[]>`
    insert into custom_measurement_categories ${tx({ ...fields, user_id: userId }, "user_id", ...categoryKeys)}
    returning ${categoryColumns(tx)}`;
  return row!;
}

export async function updateCategory(
  tx: Tx,
  userId: string,
  id: string,
  fields: Partial<CategoryFields>,
) {
  const keys = categoryKeys.filter((k) => fields[k] !== undefined);
  const [row] = await tx<CategoryRow[]>`
    update custom_measurement_categories set ${tx({ ...fields, updated_at: tx`now()` }, ...keys, "updated_at")}
     where user_id = ${userId} and id = ${id}
    returning ${categoryColumns(tx)}`;
  return row;
}

/** Deleting a category deletes its entries (foreign key cascade). */
export async function deleteCategory(tx: Tx, userId: string, id: string) {
  const result = await tx`
    delete from custom_measurement_categories where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}

// `value` is text in the phone app's shape, whatever the category's data type.
const entryColumns = (tx: Tx) => tx`
  e.id, e.category_id, coalesce(e.text_value, e.value::text) as value, e.entry_date, e.entry_hour,
  e.entry_timestamp, e.notes, e.source, c.name as category_name,
  json_build_object('name', c.name, 'display_name', c.display_name,
                    'measurement_type', c.measurement_type, 'frequency', c.frequency,
                    'data_type', c.data_type, 'unit', c.unit) as custom_categories`;

type EntryRow = {
  id: string;
  category_id: string;
  value: string;
  entry_date: string;
  entry_hour: number | null;
  entry_timestamp: Date | null;
  notes: string | null;
  source: string;
  category_name: string;
  custom_categories: Record<string, string | null>;
};

export function listEntriesInRange(
  tx: Tx,
  userId: string,
  range: { start: string; end: string; categoryId?: string },
) {
  return tx<EntryRow[]>`
    select ${entryColumns(tx)}
      from custom_measurement_entries e
      join custom_measurement_categories c on c.id = e.category_id
     where e.user_id = ${userId} and e.entry_date between ${range.start} and ${range.end}
       ${range.categoryId ? tx`and e.category_id = ${range.categoryId}` : tx``}
     order by e.entry_date, c.name, e.entry_timestamp nulls first, e.entry_hour nulls first`;
}

/**
 * The key that decides which manual entries replace each other: one per day for a Daily
 * category, one per hour for Hourly, none for All (every entry is kept).
 */
function sourceKey(input: EntryInput): string {
  const { frequency } = input.category;
  if (frequency === "Daily") return `day:${input.entry_date}`;
  if (frequency === "Hourly") return `hour:${input.entry_date}T${input.entry_hour ?? 0}`;
  return crypto.randomUUID();
}

export async function saveEntry(tx: Tx, userId: string, input: EntryInput) {
  const [saved] = await tx<{ id: string }[]>`
    insert into custom_measurement_entries
      (user_id, category_id, entry_date, entry_hour, entry_timestamp, value, text_value, notes,
       source, source_key)
    values (${userId}, ${input.category.id}, ${input.entry_date}, ${input.entry_hour},
            ${input.entry_timestamp}, ${input.value}, ${input.text_value}, ${input.notes},
            ${input.source}, ${sourceKey(input)})
    on conflict (category_id, source, source_key) do update set
      entry_hour = excluded.entry_hour, entry_timestamp = excluded.entry_timestamp,
      value = excluded.value, text_value = excluded.text_value, notes = excluded.notes,
      updated_at = now()
    returning id`;
  return (await findEntry(tx, userId, saved!.id))!;
}

export async function findEntry(tx: Tx, userId: string, id: string) {
  const [row] = await tx<EntryRow[]>`
    select ${entryColumns(tx)}
      from custom_measurement_entries e
      join custom_measurement_categories c on c.id = e.category_id
     where e.user_id = ${userId} and e.id = ${id}`;
  return row;
}

/** Deletes one of the user's entries: its day, or null when there was none. */
export async function deleteEntry(tx: Tx, userId: string, id: string): Promise<string | null> {
  const [row] = await tx<{ entry_date: string }[]>`
    delete from custom_measurement_entries where user_id = ${userId} and id = ${id}
    returning entry_date`;
  return row?.entry_date ?? null;
}

export async function updateEntry(
  tx: Tx,
  userId: string,
  id: string,
  changes: { value?: number | null; text_value?: string | null; notes?: string | null },
) {
  const keys = (["value", "text_value", "notes"] as const).filter((k) => changes[k] !== undefined);
  const result = await tx`
    update custom_measurement_entries set ${tx({ ...changes, updated_at: tx`now()` }, ...keys, "updated_at")}
     where user_id = ${userId} and id = ${id}`;
  return result.count > 0 ? findEntry(tx, userId, id) : undefined;
}
