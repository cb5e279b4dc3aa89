import type { Tx } from "../db.ts";

/** The custom measurement category the phone app keeps basal body temperature in (°C). */
export const BASAL_TEMPERATURE_CATEGORY = "basal_body_temperature";

/**
 * Sets (or, with null, clears) the day's basal temperature in the cycle log: the phone app
 * saves it as a custom measurement and reads it back as the log's `bbt`. Values outside a
 * body temperature's range are left out of the log.
 */
export async function setBasalTemperature(
  tx: Tx,
  userId: string,
  day: string,
  celsius: number | null,
): Promise<void> {
  if (celsius === null) {
    await tx`update cycle_daily_entries set bbt = null, updated_at = now()
              where user_id = ${userId} and entry_date = ${day}`;
    return;
  }
  if (celsius < 34 || celsius > 42) return;
  await tx`
    insert into cycle_daily_entries (user_id, entry_date, bbt) values (${userId}, ${day}, ${celsius})
    on conflict (user_id, entry_date) do update set bbt = excluded.bbt, updated_at = now()`;
}
