import type { Tx } from "../db.ts";
import { toColumns } from "./queries.ts";
import type { TitrationStep } from "./titration.ts";

/** Pens, injections and titration steps of one medication. */

export type PenRow = {
  id: string;
  medication_id: string;
  total_units: number;
  remaining_units: number;
  opened_date: string | null;
  days_usable_after_opening: number | null;
  bud_date: string | null;
  [column: string]: unknown;
};

const penColumns = (tx: Tx) => tx`
  id, medication_id, kind, label, dose_mg, concentration_mg_ml, volume_ml, total_units,
  remaining_units, opened_date, days_usable_after_opening, bud_date, expiry_date, reorder_flag,
  reorder_threshold, status, notes, created_at, updated_at`;

const injectionColumns = (tx: Tx) => tx`
  id, medication_id, pen_id, injected_at, entry_date, site, units, dose_mg, notes, created_at`;

export function listPens(tx: Tx, userId: string, medicationId: string) {
  return tx<PenRow[]>`
    select ${penColumns(tx)} from medication_pens
     where user_id = ${userId} and medication_id = ${medicationId} order by created_at`;
}

export async function insertPen(tx: Tx, row: Record<string, unknown>) {
  const { keys, values } = toColumns(tx, row);
  const [saved] = await tx<PenRow[]>`
    insert into medication_pens ${tx(values, ...keys)} returning ${penColumns(tx)}`;
  return saved!;
}

export async function updatePen(
  tx: Tx,
  userId: string,
  id: string,
  change: Record<string, unknown>,
) {
  const { keys, values } = toColumns(tx, { ...change, updated_at: new Date() });
  const [saved] = await tx<PenRow[]>`
    update medication_pens set ${tx(values, ...keys)}
     where id = ${id} and user_id = ${userId} returning ${penColumns(tx)}`;
  return saved ?? null;
}

export async function deletePen(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from medication_pens where id = ${id} and user_id = ${userId}`;
  return result.count > 0;
}

export async function findPen(tx: Tx, userId: string, medicationId: string, penId: string) {
  const [pen] = await tx<PenRow[]>`
    select ${penColumns(tx)} from medication_pens
     where id = ${penId} and user_id = ${userId} and medication_id = ${medicationId}
       for update`;
  return pen ?? null;
}

/** Draws `units` from a pen; a pen drawn to zero is finished. */
export async function drawFromPen(tx: Tx, userId: string, penId: string, units: number) {
  await tx`
    update medication_pens
       set remaining_units = remaining_units - ${units}, updated_at = now(),
           status = case when remaining_units - ${units} <= 0 then 'finished' else status end
     where id = ${penId} and user_id = ${userId}`;
}

export async function insertInjection(tx: Tx, row: Record<string, unknown>) {
  const { keys, values } = toColumns(tx, row);
  const [saved] = await tx`
    insert into injection_entries ${tx(values, ...keys)} returning ${injectionColumns(tx)}`;
  return saved!;
}

export function listInjections(tx: Tx, userId: string, medicationId: string) {
  return tx<{ site: string | null; injected_at: Date; dose_mg: number | null }[]>`
    select ${injectionColumns(tx)} from injection_entries
     where user_id = ${userId} and medication_id = ${medicationId}
     order by injected_at desc`;
}

/** Deletes an injection and gives its units back to its pen. */
export async function deleteInjection(tx: Tx, userId: string, id: string) {
  const [gone] = await tx<{ pen_id: string | null; units: number | null }[]>`
    delete from injection_entries where id = ${id} and user_id = ${userId}
    returning pen_id, units`;
  if (!gone) return false;
  if (gone.pen_id && gone.units) {
    await tx`
      update medication_pens
         set remaining_units = least(total_units, remaining_units + ${gone.units}),
             status = case when status = 'finished' then 'active' else status end,
             updated_at = now()
       where id = ${gone.pen_id} and user_id = ${userId}`;
  }
  return true;
}

/** The doses the drug-level curve adds up: injections in mg and logged doses taken. */
export function listDoses(tx: Tx, userId: string, medicationId: string) {
  return tx<{ at: Date; amount: number }[]>`
    select injected_at as at, dose_mg as amount from injection_entries
     where user_id = ${userId} and medication_id = ${medicationId} and dose_mg > 0
    union all
    select taken_at, dose_amount_snapshot from medication_entries
     where user_id = ${userId} and medication_id = ${medicationId}
       and status in ('taken', 'late', 'prn_taken') and dose_amount_snapshot > 0
    order by 1`;
}

export function listTitrationSteps(tx: Tx, userId: string, medicationId: string) {
  return tx<TitrationStep[]>`
    select id, step_order, dose_amount, dose_unit, start_date, planned_weeks, note
      from medication_titration_steps
     where user_id = ${userId} and medication_id = ${medicationId} order by step_order`;
}

/** Replaces the medication's plan with `steps`, numbered in the order given. */
export async function replaceTitrationSteps(
  tx: Tx,
  userId: string,
  medicationId: string,
  steps: Omit<TitrationStep, "id" | "step_order">[],
) {
  await tx`delete from medication_titration_steps where user_id = ${userId} and medication_id = ${medicationId}`;
  if (!steps.length) return;
  const rows = steps.map((s, i) => ({
    ...s,
    user_id: userId,
    medication_id: medicationId,
    step_order: i + 1,
  }));
  await tx`insert into medication_titration_steps ${tx(rows, "user_id", "medication_id", "step_order", "dose_amount", "dose_unit", "start_date", "planned_weeks", "note")}`;
}
