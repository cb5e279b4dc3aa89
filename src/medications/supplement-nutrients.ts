import type { Tx } from "../db.ts";

/**
 * The nutrients of the supplement doses taken on `day`, summed per nutrient, for the
 * diary's daily totals. The diary calls this one function; it reads the snapshot copied
 * when each dose was logged, so editing a supplement later does not rewrite past days.
 */
export async function sumSupplementNutrients(
  tx: Tx,
  userId: string,
  day: string,
): Promise<Record<string, number>> {
  const rows = await tx<{ nutrient: string; total: number }[]>`
    select n.key as nutrient, sum(n.value::double precision) as total
      from medication_entries e, jsonb_each_text(e.nutrients_snapshot) n
     where e.user_id = ${userId} and e.entry_date = ${day}
       and e.status in ('taken', 'late', 'prn_taken')
     group by n.key`;
  return Object.fromEntries(rows.map((r) => [r.nutrient, r.total]));
}
