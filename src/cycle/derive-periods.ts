import type { Tx } from "../db.ts";
import { daysBetween } from "../database/user-zone.ts";

/**
 * Periods derived from logged bleeding, so a user (or a phone) who only logs flow days gets
 * cycles and predictions. Bleeding days at most MAX_GAP days apart form one period; a
 * bleed starting fewer than MIN_CYCLE days after the last one ended is mid-cycle bleeding,
 * not a new period. Periods entered by hand win over derived ones near them.
 */

const BLEEDING = ["light", "medium", "heavy"];
const MAX_GAP = 2;
const MIN_CYCLE = 10;
const MANUAL_NEARBY = 7;

export type DerivedPeriod = { start_date: string; end_date: string; period_length: number };

/** The periods formed by `days` (bleeding days, any order). */
export function bleedingRuns(days: string[]): DerivedPeriod[] {
  const runs: DerivedPeriod[] = [];
  for (const day of [...new Set(days)].sort()) {
    const last = runs.at(-1);
    const gap = last ? daysBetween(last.end_date, day) : Infinity;
    if (last && gap <= MAX_GAP) {
      last.end_date = day;
      last.period_length = daysBetween(last.start_date, day) + 1;
    } else if (!last || gap >= MIN_CYCLE) {
      runs.push({ start_date: day, end_date: day, period_length: 1 });
    }
  }
  return runs;
}

/**
 * Brings the user's derived periods in line with their daily logs, in the caller's
 * transaction. Periods that still exist keep their row and id; only vanished ones go.
 */
export async function syncDerivedPeriods(tx: Tx, userId: string): Promise<void> {
  const days = await tx<{ day: string }[]>`
    select entry_date as day from cycle_daily_entries
     where user_id = ${userId} and flow_level = any(${BLEEDING}::text[])`;
  const manual = await tx<{ start_date: string }[]>`
    select start_date from cycles where user_id = ${userId} and source = 'manual'`;
  const runs = bleedingRuns(days.map((d) => d.day)).filter(
    (run) =>
      !manual.some((m) => Math.abs(daysBetween(m.start_date, run.start_date)) <= MANUAL_NEARBY),
  );
  await tx`
    delete from cycles
     where user_id = ${userId} and source = 'derived'
       and start_date <> all(${runs.map((r) => r.start_date)}::date[])`;
  if (!runs.length) return;
  const rows = runs.map((r) => ({
    user_id: userId,
    start_date: r.start_date,
    period_length: Math.min(r.period_length, 30),
    source: "derived",
  }));
  await tx`
    insert into cycles ${tx(rows, "user_id", "start_date", "period_length", "source")}
    on conflict (user_id, start_date) do update
       set period_length = excluded.period_length, updated_at = now()
     where cycles.source = 'derived' and cycles.period_length is distinct from excluded.period_length`;
}
