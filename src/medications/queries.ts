import type { Tx } from "../db.ts";
import type { MedicationInput, ScheduleInput, SCHEDULE_TYPES } from "./schemas.ts";

/** Medications and their schedules. Callers run these inside withUser (RLS applies). */

export type ScheduleRow = {
  id: string;
  medication_id: string;
  schedule_type_id: (typeof SCHEDULE_TYPES)[number];
  time_of_day: string | null;
  dose_amount: number | null;
  days_of_week: number[] | null;
  interval_days: number | null;
  day_of_month: number | null;
  cycle_on_days: number | null;
  cycle_off_days: number | null;
  prn_reason: string | null;
  prn_max_per_day: number | null;
  with_meal: string | null;
  start_date: string | null;
  end_date: string | null;
  active: boolean;
};

export type MedicationRow = {
  id: string;
  user_id: string;
  name: string;
  display_name: string | null;
  type_id: string | null;
  strength_value: number | null;
  strength_unit: string | null;
  is_active: boolean;
  dose_amount: number | null;
  dose_unit: string | null;
  is_supplement: boolean;
  nutrients: Record<string, number>;
  half_life_hours: number | null;
  injection_sites: string[];
  photo_path: null;
  [column: string]: unknown;
};

const medicationColumns = (tx: Tx) => tx`
  id, user_id, name, display_name, type_id, route_id, strength_value, strength_unit,
  dose_amount, dose_unit, reason_text, prescriber, pharmacy, rx_number, ndc, rxnorm_rxcui,
  effectiveness_rating, color, icon, is_active, is_quick, is_glp1,
  is_supplement, nutrients, half_life_hours, injection_sites, notes, source, custom_fields,
  null::text as photo_path, created_at, updated_at`;

const scheduleColumns = (tx: Tx) => tx`
  id, medication_id, schedule_type_id, to_char(time_of_day, 'HH24:MI') as time_of_day,
  dose_amount, days_of_week, interval_days, day_of_month, cycle_on_days, cycle_off_days, prn_reason, prn_max_per_day, with_meal,
  start_date, end_date, active, created_at, updated_at`;

const JSON_COLUMNS = new Set(["nutrients", "custom_fields"]);

/** The keys sent, with JSON columns wrapped so postgres.js sends them as jsonb. */
export function toColumns(tx: Tx, input: Record<string, unknown>) {
  const keys = Object.keys(input).filter((key) => input[key] !== undefined);
  const values = Object.fromEntries(
    keys.map((key) => {
      const value = input[key];
      return [key, JSON_COLUMNS.has(key) && value !== null ? tx.json(value as never) : value];
    }),
  );
  return { keys, values };
}

export async function insertMedication(tx: Tx, userId: string, input: MedicationInput) {
  const { keys, values } = toColumns(tx, { ...input, user_id: userId });
  const [row] = await tx<MedicationRow[]>`
    insert into medications ${tx(values, ...keys)} returning ${medicationColumns(tx)}`;
  return row!;
}

export async function updateMedication(tx: Tx, userId: string, id: string, input: MedicationInput) {
  const { keys, values } = toColumns(tx, { ...input, updated_at: new Date() });
  const [row] = await tx<MedicationRow[]>`
    update medications set ${tx(values, ...keys)}
     where id = ${id} and user_id = ${userId}
    returning ${medicationColumns(tx)}`;
  return row ?? null;
}

export async function findMedication(tx: Tx, userId: string, id: string) {
  const [row] = await tx<MedicationRow[]>`
    select ${medicationColumns(tx)} from medications where id = ${id} and user_id = ${userId}`;
  return row ?? null;
}

export function listMedications(tx: Tx, userId: string, activeOnly: boolean) {
  return tx<MedicationRow[]>`
    select ${medicationColumns(tx)} from medications
     where user_id = ${userId} and (${!activeOnly} or is_active)
     order by lower(name), created_at`;
}

export async function deleteMedication(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from medications where id = ${id} and user_id = ${userId}`;
  return result.count > 0;
}

export function listSchedules(tx: Tx, userId: string, medicationIds: string[]) {
  return tx<ScheduleRow[]>`
    select ${scheduleColumns(tx)} from medication_schedules
     where user_id = ${userId} and medication_id = any(${medicationIds}::uuid[])
     order by time_of_day nulls last, created_at`;
}

export async function insertSchedule(
  tx: Tx,
  userId: string,
  medicationId: string,
  input: ScheduleInput,
) {
  const { keys, values } = toColumns(tx, {
    ...input,
    user_id: userId,
    medication_id: medicationId,
  });
  const [row] = await tx<ScheduleRow[]>`
    insert into medication_schedules ${tx(values, ...keys)} returning ${scheduleColumns(tx)}`;
  return row!;
}

export async function updateSchedule(tx: Tx, userId: string, id: string, input: ScheduleInput) {
  const { keys, values } = toColumns(tx, { ...input, updated_at: new Date() });
  const [row] = await tx<ScheduleRow[]>`
    update medication_schedules set ${tx(values, ...keys)}
     where id = ${id} and user_id = ${userId}
    returning ${scheduleColumns(tx)}`;
  return row ?? null;
}

export async function deleteSchedule(tx: Tx, userId: string, id: string) {
  const result = await tx`
    delete from medication_schedules where id = ${id} and user_id = ${userId}`;
  return result.count > 0;
}

/**
 * The two statements of listMedications with each medication's schedules (attachSchedules),
 * independent so that they go in one round trip: the schedules are selected by the same
 * condition, not by the first answer's ids.
 */
export function listMedicationsWithSchedules(tx: Tx, userId: string, activeOnly: boolean) {
  return [
    listMedications(tx, userId, activeOnly),
    tx<ScheduleRow[]>`
      select ${scheduleColumns(tx)} from medication_schedules
       where user_id = ${userId}
         and medication_id in (select id from medications
                                where user_id = ${userId} and (${!activeOnly} or is_active))
       order by time_of_day nulls last, created_at`,
  ] as const;
}

export async function withSchedules(tx: Tx, userId: string, medications: MedicationRow[]) {
  const schedules = await listSchedules(
    tx,
    userId,
    medications.map((m) => m.id),
  );
  return attachSchedules(medications, schedules);
}

/** Each medication with its schedules, as the phone app's MedicationDetail. */
export function attachSchedules(medications: MedicationRow[], schedules: ScheduleRow[]) {
  return medications.map((m) => ({
    ...m,
    schedules: schedules.filter((s) => s.medication_id === m.id),
  }));
}

/** The user's medication named `name` (case-insensitive; an active one first), or null. */
export async function findMedicationByName(tx: Tx, userId: string, name: string) {
  const [row] = await tx<MedicationRow[]>`
    select ${medicationColumns(tx)} from medications
     where user_id = ${userId}
       and (lower(name) = lower(${name}) or lower(display_name) = lower(${name}))
     order by is_active desc, created_at desc limit 1`;
  return row ?? null;
}
