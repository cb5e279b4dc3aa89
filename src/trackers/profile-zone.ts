import type { Tx } from "../db.ts";

/**
 * The zone a person's calendar days are counted in: their profile's, else UTC (also when
 * a delegate may not read the profile, since RLS then hides the row).
 */
export async function profileZone(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx<{ timezone: string }[]>`
    select timezone from user_profiles where user_id = ${userId}`;
  return row?.timezone ?? "UTC";
}

/** Today's date in `zone`. */
export function todayIn(zone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
}
