import type { Tx } from "../db.ts";
import {
  distanceCandidates,
  LOWER_IS_BETTER,
  strengthCandidates,
  type Candidate,
} from "./record-math.ts";

/** Personal records: detected when an entry is saved, kept as a history of improvements. */

export type PersonalRecord = {
  id: string;
  exercise_id: string;
  exercise_entry_id: string;
  record_type: string;
  value: number;
  weight: number | null;
  entry_date: string;
};

const recordColumns = (tx: Tx) => tx`
  r.id, r.exercise_id, r.exercise_entry_id, r.record_type, r.value, r.weight,
  to_char(r.entry_date, 'YYYY-MM-DD') as entry_date`;

/**
 * Compares the entry's values with the best of the user's other entries of the same
 * exercise and stores those it beats (a first value is a record too). Re-saving an entry
 * first drops the records it held. Returns the new records.
 */
export async function detectRecords(
  tx: Tx,
  userId: string,
  entryId: string,
  track?: { t: number[]; dist: number[] },
): Promise<PersonalRecord[]> {
  const [entry] = await tx<
    {
      exercise_id: string;
      entry_date: string;
      distance: number | null;
      duration_seconds: number | null;
    }[]
  >`
    with dropped as (delete from exercise_personal_records where exercise_entry_id = ${entryId})
    select exercise_id, to_char(entry_date, 'YYYY-MM-DD') as entry_date, distance, duration_seconds
      from exercise_entries where id = ${entryId} and user_id = ${userId}`;
  if (!entry) return [];
  const sets = await tx<{ set_type: string | null; reps: number | null; weight: number | null }[]>`
    select set_type, reps, weight from exercise_entry_sets where exercise_entry_id = ${entryId}`;
  const candidates = [
    ...strengthCandidates(sets),
    ...distanceCandidates(entry.distance, entry.duration_seconds, track),
  ];
  if (candidates.length === 0) return [];
  const bests = await tx<
    { record_type: string; weight: number | null; best_max: number; best_min: number }[]
  >`
    select record_type, weight, max(value) as best_max, min(value) as best_min
      from exercise_personal_records
     where user_id = ${userId} and exercise_id = ${entry.exercise_id} and exercise_entry_id <> ${entryId}
     group by record_type, weight`;
  const beaten = candidates.filter((c) => beats(c, bests));
  if (beaten.length === 0) return [];
  const rows = beaten.map((c) => ({
    user_id: userId,
    exercise_id: entry.exercise_id,
    exercise_entry_id: entryId,
    record_type: c.record_type,
    value: c.value,
    weight: c.record_type === "max_reps" ? c.weight : null,
    entry_date: entry.entry_date,
  }));
  return tx<PersonalRecord[]>`
    insert into exercise_personal_records ${tx(rows)}
    returning id, exercise_id, exercise_entry_id, record_type, value, weight,
              to_char(entry_date, 'YYYY-MM-DD') as entry_date`;
}

function beats(
  c: Candidate,
  bests: { record_type: string; weight: number | null; best_max: number; best_min: number }[],
): boolean {
  const weight = c.record_type === "max_reps" ? c.weight : null;
  const best = bests.find((b) => b.record_type === c.record_type && b.weight === weight);
  if (!best) return true;
  return LOWER_IS_BETTER.has(c.record_type) ? c.value < best.best_min : c.value > best.best_max;
}

/** The current best of each record type (and weight, for reps) per exercise. */
export function listCurrentRecords(tx: Tx, userId: string, exerciseId: string | null) {
  return tx<(PersonalRecord & { exercise_name: string | null })[]>`
    select distinct on (r.exercise_id, r.record_type, r.weight) ${recordColumns(tx)},
           x.name as exercise_name
      from exercise_personal_records r left join exercises x on x.id = r.exercise_id
     where r.user_id = ${userId} and (${exerciseId}::uuid is null or r.exercise_id = ${exerciseId})
     order by r.exercise_id, r.record_type, r.weight,
              case when r.record_type like 'fastest%' then r.value else -r.value end, r.entry_date`;
}

/** Records set between two days, for summaries. */
export function listRecordsSetBetween(tx: Tx, userId: string, start: string, end: string) {
  return tx<PersonalRecord[]>`
    select ${recordColumns(tx)} from exercise_personal_records r
     where r.user_id = ${userId} and r.entry_date between ${start} and ${end}
     order by r.entry_date, r.record_type`;
}
