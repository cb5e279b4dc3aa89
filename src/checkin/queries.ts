import type { Tx } from "../db.ts";
import { presentFields, type MeasurementFields } from "./schemas.ts";

export type CheckInRow = {
  id: string;
  user_id: string;
  entry_date: string;
  weight: number | null;
  height: number | null;
  body_fat_percentage: number | null;
  neck: number | null;
  waist: number | null;
  hips: number | null;
  steps: number | null;
  muscle_mass_kg: number | null;
  bone_mass_kg: number | null;
  body_water_percentage: number | null;
  bmr: number | null;
  created_at: Date;
  updated_at: Date;
  updated_by: string | null;
};

const columns = (tx: Tx) => tx`
  id, user_id, entry_date, weight, height, body_fat_percentage, neck, waist, hips, steps,
  muscle_mass_kg, bone_mass_kg, body_water_percentage, bmr, created_at, updated_at, updated_by`;

// The helper renders `"weight"=$1, ...` after an UPDATE keyword; updated_at is always
// set, so the list is never empty when no measurement was sent.
function setChanges(tx: Tx, fields: MeasurementFields) {
  return tx({ ...fields, updated_at: tx`now()` }, ...presentFields(fields), "updated_at");
}

/** Inserts the day's row or updates only the fields sent; health-data sync shares the row. */
export async function upsertCheckIn(
  tx: Tx,
  userId: string,
  entryDate: string,
  fields: MeasurementFields,
): Promise<CheckInRow> {
  const keys = presentFields(fields);
  const row = { ...fields, user_id: userId, entry_date: entryDate };
  const [saved] = await tx<CheckInRow[]>`
    insert into check_in_measurements ${tx(row, "user_id", "entry_date", ...keys)}
    on conflict (user_id, entry_date) do update
       set ${setChanges(tx, fields)}
    returning ${columns(tx)}`;
  return saved!;
}

/** Updates the fields sent on an existing day; null when the day has no row. */
export async function updateCheckIn(
  tx: Tx,
  userId: string,
  entryDate: string,
  fields: MeasurementFields,
): Promise<CheckInRow | null> {
  const [saved] = await tx<CheckInRow[]>`
    update check_in_measurements
       set ${setChanges(tx, fields)}
     where user_id = ${userId} and entry_date = ${entryDate}
    returning ${columns(tx)}`;
  return saved ?? null;
}

export async function findCheckIn(
  tx: Tx,
  userId: string,
  entryDate: string,
): Promise<CheckInRow | null> {
  const [row] = await tx<CheckInRow[]>`
    select ${columns(tx)} from check_in_measurements
     where user_id = ${userId} and entry_date = ${entryDate}`;
  return row ?? null;
}

/** Rows from startDate to endDate inclusive, oldest first (chart order). */
export function listCheckInsInRange(tx: Tx, userId: string, startDate: string, endDate: string) {
  return tx<CheckInRow[]>`
    select ${columns(tx)} from check_in_measurements
     where user_id = ${userId} and entry_date between ${startDate} and ${endDate}
     order by entry_date`;
}

/** Deletes one of the user's rows; false when there was none with that id. */
export async function deleteCheckIn(tx: Tx, userId: string, id: string): Promise<boolean> {
  const deleted = await tx`
    delete from check_in_measurements where id = ${id} and user_id = ${userId}`;
  return deleted.count > 0;
}

// Measurements carried forward to a later day: a weight or waist stays true until measured again.
const CARRIED = [
  "weight",
  "height",
  "body_fat_percentage",
  "neck",
  "waist",
  "hips",
  "muscle_mass_kg",
  "bone_mass_kg",
  "body_water_percentage",
  "bmr",
] as const;

/**
 * The web client's "current" figures on a day: the latest row on or before it, each
 * measurement from the latest row that has it, and the steps of that day only.
 */
export async function latestCheckInOnOrBefore(tx: Tx, userId: string, date: string) {
  const latest = CARRIED.map(
    (column) => tx`(select ${tx(column)} from check_in_measurements
       where user_id = ${userId} and entry_date <= ${date} and ${tx(column)} is not null
       order by entry_date desc limit 1) as ${tx(column)}`,
  ).reduce((all, next) => tx`${all}, ${next}`);
  const [row] = await tx<Partial<CheckInRow>[]>`
    select l.id, l.user_id, l.entry_date, l.created_at, l.updated_at, ${latest},
           (select steps from check_in_measurements
             where user_id = ${userId} and entry_date = ${date}) as steps
      from (select id, user_id, entry_date, created_at, updated_at from check_in_measurements
             where user_id = ${userId} and entry_date <= ${date}
             order by entry_date desc limit 1) l`;
  return row ?? null;
}
