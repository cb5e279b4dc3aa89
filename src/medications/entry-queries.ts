import type { Tx } from "../db.ts";
import type { LoggedDose } from "./schedule-math.ts";
import { toColumns } from "./queries.ts";

/** Logged doses (taken, skipped, late) of the user's medications. */

export type EntryRow = LoggedDose & {
  id: string;
  user_id: string;
  scheduled_for: Date | null;
  [column: string]: unknown;
};

const entryColumns = (tx: Tx) => tx`
  id, medication_id, schedule_id, user_id, status, taken_at, scheduled_for, entry_date,
  med_name_snapshot, dose_amount_snapshot, dose_unit_snapshot, nutrients_snapshot, notes,
  source, custom_fields, created_at, updated_at, 'entry' as entry_type`;

export async function insertEntry(tx: Tx, row: Record<string, unknown>) {
  const { keys, values } = toColumns(tx, row);
  const [saved] = await tx<EntryRow[]>`
    insert into medication_entries ${tx(values, ...keys)} returning ${entryColumns(tx)}`;
  return saved!;
}

export async function updateEntry(
  tx: Tx,
  userId: string,
  id: string,
  change: Record<string, unknown>,
) {
  const { keys, values } = toColumns(tx, { ...change, updated_at: new Date() });
  const [saved] = await tx<EntryRow[]>`
    update medication_entries set ${tx(values, ...keys)}
     where id = ${id} and user_id = ${userId}
    returning ${entryColumns(tx)}`;
  return saved ?? null;
}

export async function deleteEntry(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from medication_entries where id = ${id} and user_id = ${userId}`;
  return result.count > 0;
}

export type EntryFilter = { fromDate?: string; toDate?: string; medicationId?: string };

const inFilter = (tx: Tx, filter: EntryFilter) => tx`
  (${filter.fromDate ?? null}::date is null or entry_date >= ${filter.fromDate ?? null}::date)
  and (${filter.toDate ?? null}::date is null or entry_date <= ${filter.toDate ?? null}::date)
  and (${filter.medicationId ?? null}::uuid is null or medication_id = ${filter.medicationId ?? null}::uuid)`;

/**
 * The dose feed the phone app shows: logged doses and, merged in as the app expects,
 * injections with `entry_type` 'injection' and their `site` (their ids are injection ids,
 * so they are changed and deleted through the injection routes).
 */
export function listDoseFeed(tx: Tx, userId: string, filter: EntryFilter) {
  return tx<EntryRow[]>`
    select ${entryColumns(tx)}, null as site from medication_entries
     where user_id = ${userId} and ${inFilter(tx, filter)}
    union all
    select i.id, i.medication_id, null, i.user_id, 'taken', i.injected_at, null, i.entry_date,
           coalesce(m.display_name, m.name), i.dose_mg, 'mg', null, i.notes, 'manual', '{}'::jsonb, i.created_at,
           i.updated_at, 'injection', i.site
      from injection_entries i join medications m on m.id = i.medication_id
     where i.user_id = ${userId} and ${inFilter(tx, filter)}
     order by 6 desc`;
}
