import type { Tx } from "../db.ts";

/** Pregnancies and what hangs off them. Every table is owner-only under RLS. */

export type PregnancyRow = {
  id: string;
  due_date: string;
  lmp_date: string | null;
  status: string;
  [column: string]: unknown;
};

const pregnancyColumns = (tx: Tx) => tx(COLUMNS.pregnancies);

/** The columns each child table answers with (explicit, never `select *`). */
export const COLUMNS = {
  pregnancies: [
    "id",
    "user_id",
    "due_date",
    "due_date_basis",
    "lmp_date",
    "conception_date",
    "fetus_count",
    "status",
    "ended_on",
    "outcome",
    "notes",
    "prenatal_medication_id",
    "supplement_medication_id",
    "created_at",
    "updated_at",
  ],
  pregnancy_kick_sessions: [
    "id",
    "user_id",
    "pregnancy_id",
    "started_at",
    "ended_at",
    "kick_count",
    "kick_times",
    "created_at",
  ],
  pregnancy_contractions: [
    "id",
    "user_id",
    "pregnancy_id",
    "started_at",
    "ended_at",
    "intensity",
    "created_at",
  ],
  pregnancy_checklist_items: [
    "id",
    "user_id",
    "pregnancy_id",
    "template_key",
    "custom_title",
    "week",
    "completed_at",
    "dismissed",
    "created_at",
  ],
  health_appointments: [
    "id",
    "user_id",
    "pregnancy_id",
    "scheduled_at",
    "appointment_type",
    "title",
    "location",
    "notes",
    "outcome",
    "created_at",
  ],
  pregnancy_photos: [
    "id",
    "pregnancy_id",
    "week",
    "entry_date",
    "file_path",
    "notes",
    "created_at",
  ],
} as const;
export type PregnancyTable = keyof typeof COLUMNS;

function setOf(input: Record<string, unknown>) {
  const keys = Object.keys(input).filter((k) => input[k] !== undefined);
  return { keys, values: Object.fromEntries(keys.map((k) => [k, input[k]])) };
}

export async function insertRow(tx: Tx, table: PregnancyTable, row: Record<string, unknown>) {
  const { keys, values } = setOf(row);
  const [saved] =
    await tx`insert into ${tx(table)} ${tx(values, ...keys)} returning ${tx(COLUMNS[table])}`;
  return saved!;
}

export async function updateRow(
  tx: Tx,
  table: PregnancyTable,
  userId: string,
  id: string,
  change: Record<string, unknown>,
) {
  const { keys, values } = setOf({ ...change, updated_at: new Date() });
  const [saved] = await tx`
    update ${tx(table)} set ${tx(values, ...keys)} where id = ${id} and user_id = ${userId}
    returning ${tx(COLUMNS[table])}`;
  return saved ?? null;
}

export async function deleteRow(tx: Tx, table: PregnancyTable, userId: string, id: string) {
  const result = await tx`delete from ${tx(table)} where id = ${id} and user_id = ${userId}`;
  return result.count > 0;
}

export async function findPregnancy(tx: Tx, userId: string, id: string) {
  const [row] = await tx<PregnancyRow[]>`
    select ${pregnancyColumns(tx)} from pregnancies where id = ${id} and user_id = ${userId}`;
  return row ?? null;
}

/** The active pregnancy (the latest, should there be several), or null. */
export async function currentPregnancy(tx: Tx, userId: string) {
  const [row] = await selectCurrentPregnancy(tx, userId);
  return row ?? null;
}

/** The statement currentPregnancy runs: no row, or the active pregnancy's. */
export function selectCurrentPregnancy(tx: Tx, userId: string) {
  return tx<PregnancyRow[]>`
    select ${pregnancyColumns(tx)} from pregnancies
     where user_id = ${userId} and status = 'active' order by created_at desc limit 1`;
}

/** Rows of a child table for one pregnancy, in `order` (a column name). */
export function listForPregnancy(
  tx: Tx,
  table: PregnancyTable,
  userId: string,
  pregnancyId: string,
  order: string,
) {
  return tx`
    select ${tx(COLUMNS[table])} from ${tx(table)} where user_id = ${userId} and pregnancy_id = ${pregnancyId}
     order by ${tx(order)}`;
}

export async function nextAppointment(tx: Tx, userId: string, pregnancyId: string) {
  const [row] = await tx`
    select ${tx(COLUMNS.health_appointments)} from health_appointments
     where user_id = ${userId} and pregnancy_id = ${pregnancyId} and scheduled_at >= now()
     order by scheduled_at limit 1`;
  return row ?? null;
}

/** Adds or changes a checklist item: by id, else by (pregnancy, template_key). */
export async function upsertChecklistItem(tx: Tx, userId: string, item: Record<string, unknown>) {
  const { completed, id, ...rest } = item;
  const row: Record<string, unknown> = { ...rest };
  if (completed !== undefined) row.completed_at = completed ? new Date() : null;
  if (id) return updateRow(tx, "pregnancy_checklist_items", userId, id as string, row);
  const { keys, values } = setOf({ ...row, user_id: userId });
  const updates = keys.filter((k) => !["user_id", "pregnancy_id", "template_key"].includes(k));
  const [saved] = await tx`
    insert into pregnancy_checklist_items ${tx(values, ...keys)}
    on conflict (pregnancy_id, template_key) do update
       set ${tx({ ...values, updated_at: new Date() } as Record<string, unknown>, ...updates, "updated_at")}
    returning ${tx(COLUMNS.pregnancy_checklist_items)}`;
  return saved!;
}
