import type { Tx } from "../db.ts";

export type FastingLog = {
  id: string;
  user_id: string;
  start_time: Date;
  end_time: Date | null;
  target_end_time: Date | null;
  duration_minutes: number | null;
  fasting_type: string | null;
  status: "ACTIVE" | "COMPLETED" | "CANCELLED";
  notes: string | null;
  created_at: Date;
  updated_at: Date;
};

export type FastingChanges = Partial<
  Pick<FastingLog, "fasting_type" | "status" | "notes"> & {
    start_time: string;
    end_time: string | null;
    target_end_time: string | null;
  }
>;

const columns = (tx: Tx) => tx`
  id, user_id, start_time, end_time, target_end_time, duration_minutes, fasting_type, status,
  notes, created_at, updated_at`;

// Duration follows the times, so an edit of either end keeps it right.
const duration = (tx: Tx) => tx`case when end_time is null then null
  else round(extract(epoch from end_time - start_time) / 60)::int end`;

export async function findActiveFast(tx: Tx, userId: string) {
  const [row] = await tx<FastingLog[]>`
    select ${columns(tx)} from fasting_logs where user_id = ${userId} and status = 'ACTIVE'`;
  return row ?? null;
}

export async function startFast(
  tx: Tx,
  userId: string,
  fast: { start_time: string; target_end_time: string | null; fasting_type: string | null },
) {
  const [row] = await tx<FastingLog[]>`
    insert into fasting_logs (user_id, start_time, target_end_time, fasting_type, status)
    values (${userId}, ${fast.start_time}, ${fast.target_end_time}, ${fast.fasting_type}, 'ACTIVE')
    returning ${columns(tx)}`;
  return row!;
}

export async function updateFast(tx: Tx, userId: string, id: string, changes: FastingChanges) {
  const keys = (Object.keys(changes) as (keyof FastingChanges)[]).filter(
    (k) => changes[k] !== undefined,
  );
  const changed = await tx`
    update fasting_logs set ${tx({ ...changes, updated_at: tx`now()` }, ...keys, "updated_at")}
     where user_id = ${userId} and id = ${id}`;
  if (changed.count === 0) return undefined;
  // A second statement: within one, the duration would be computed from the old times.
  const [row] = await tx<FastingLog[]>`
    update fasting_logs set duration_minutes = ${duration(tx)}
     where user_id = ${userId} and id = ${id}
    returning ${columns(tx)}`;
  return row;
}

export async function deleteFast(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from fasting_logs where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}

export function listFasts(tx: Tx, userId: string, limit: number, offset: number) {
  return tx<FastingLog[]>`
    select ${columns(tx)} from fasting_logs where user_id = ${userId}
     order by start_time desc limit ${limit} offset ${offset}`;
}

/** Totals over completed fasts, and the days (in `zone`) on which one ended, oldest first. */
export async function readFastingTotals(tx: Tx, userId: string, zone: string) {
  const [totals] = await tx<
    {
      total_completed_fasts: number;
      total_minutes_fasted: number;
      average_duration_minutes: number | null;
      longest_duration_minutes: number | null;
    }[]
  >`
    select count(*)::int as total_completed_fasts,
           coalesce(sum(duration_minutes), 0)::int as total_minutes_fasted,
           round(avg(duration_minutes))::int as average_duration_minutes,
           max(duration_minutes) as longest_duration_minutes
      from fasting_logs where user_id = ${userId} and status = 'COMPLETED'`;
  const days = await tx<{ day: string }[]>`
    select distinct (end_time at time zone ${zone})::date::text as day
      from fasting_logs where user_id = ${userId} and status = 'COMPLETED'
     order by day`;
  return { totals: totals!, endDays: days.map((d) => d.day) };
}
