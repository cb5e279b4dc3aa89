import type { Tx } from "../db.ts";

const READINGS = [
  "systolic_mmhg",
  "diastolic_mmhg",
  "pulse_bpm",
  "blood_glucose_mgdl",
  "body_temperature_celsius",
  "spo2_percent",
] as const;
const VITAL_FIELDS = [...READINGS, "meal_context", "notes"] as const;
export type VitalValues = Partial<
  Record<(typeof READINGS)[number], number | null> & Record<"meal_context" | "notes", string | null>
>;
export type VitalsRow = VitalValues & {
  id: string;
  entry_date: string;
  measured_at: Date;
  source: string;
};

const columns = (tx: Tx) => tx`id, entry_date, measured_at, ${tx(VITAL_FIELDS)}, source`;
const present = (values: VitalValues) => VITAL_FIELDS.filter((k) => values[k] !== undefined);

export function listVitalsInRange(tx: Tx, userId: string, start: string, end: string) {
  return tx<VitalsRow[]>`
    select ${columns(tx)} from vitals_entries
     where user_id = ${userId} and entry_date between ${start} and ${end}
     order by measured_at`;
}

/** A reading's day is the day of measured_at in `zone` unless entry_date is given. */
export async function createVitals(
  tx: Tx,
  userId: string,
  reading: { measured_at: string; entry_date?: string; zone: string; values: VitalValues },
) {
  const row = {
    ...reading.values,
    user_id: userId,
    measured_at: reading.measured_at,
    entry_date:
      reading.entry_date ??
      tx`(${reading.measured_at}::timestamptz at time zone ${reading.zone})::date`,
  };
  const [saved] = await tx<VitalsRow[]>`
    insert into vitals_entries ${tx(row, "user_id", "measured_at", "entry_date", ...present(reading.values))}
    returning ${columns(tx)}`;
  return saved!;
}

export async function updateVitals(tx: Tx, userId: string, id: string, values: VitalValues) {
  const [saved] = await tx<VitalsRow[]>`
    update vitals_entries set ${tx({ ...values, updated_at: tx`now()` }, ...present(values), "updated_at")}
     where user_id = ${userId} and id = ${id}
    returning ${columns(tx)}`;
  return saved;
}

export async function deleteVitals(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from vitals_entries where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}
