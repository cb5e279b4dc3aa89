import type { Tx } from "../db.ts";
import { toColumns } from "./queries.ts";

/** User-defined symptoms and body locations, and logged symptom entries (severity 0 to 10). */

export type NamedTable = "user_symptoms" | "user_symptom_locations";

/** A symptom also has its scale, unit and GLP-1 flag; a body location only its name. */
const nameColumns = (tx: Tx, table: NamedTable) =>
  table === "user_symptoms"
    ? tx`id, name, scale_type, unit, is_glp1_flagged, created_at`
    : tx`id, name, created_at`;

export function listNames(tx: Tx, table: NamedTable, userId: string) {
  return tx`
    select ${nameColumns(tx, table)} from ${tx(table)}
     where user_id = ${userId} order by lower(name)`;
}

/** Adds a name, or returns the existing one of the same name (case-insensitive). */
export async function addName(
  tx: Tx,
  table: NamedTable,
  userId: string,
  input: { name: string } & Record<string, unknown>,
) {
  const [existing] = await tx`
    select ${nameColumns(tx, table)} from ${tx(table)}
     where user_id = ${userId} and lower(name) = lower(${input.name})`;
  if (existing) return existing;
  const { keys, values } = toColumns(tx, { ...input, user_id: userId });
  const [row] = await tx`
    insert into ${tx(table)} ${tx(values, ...keys)} returning ${nameColumns(tx, table)}`;
  return row!;
}

export async function deleteName(tx: Tx, table: NamedTable, userId: string, id: string) {
  const result = await tx`delete from ${tx(table)} where id = ${id} and user_id = ${userId}`;
  return result.count > 0;
}

const entryColumns = (tx: Tx) => tx`
  id, user_id, symptom_id, medication_id, symptom_name_snapshot, severity, severity_label,
  context_text, bristol_type, body_location,
  entry_date, logged_at, notes, source, created_at, updated_at`;

export async function insertSymptomEntry(tx: Tx, row: Record<string, unknown>) {
  const { keys, values } = toColumns(tx, row);
  const [saved] = await tx`
    insert into symptom_entries ${tx(values, ...keys)} returning ${entryColumns(tx)}`;
  return saved!;
}

export function listSymptomEntries(tx: Tx, userId: string, from?: string, to?: string) {
  return tx`
    select ${entryColumns(tx)} from symptom_entries
     where user_id = ${userId}
       and (${from ?? null}::date is null or entry_date >= ${from ?? null}::date)
       and (${to ?? null}::date is null or entry_date <= ${to ?? null}::date)
     order by logged_at desc`;
}

export async function deleteSymptomEntry(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from symptom_entries where id = ${id} and user_id = ${userId}`;
  return result.count > 0;
}

export async function findSymptomName(tx: Tx, userId: string, id: string) {
  const [row] = await tx<{ name: string }[]>`
    select name from user_symptoms where id = ${id} and user_id = ${userId}`;
  return row?.name ?? null;
}
