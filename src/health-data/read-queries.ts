import type { Tx } from "../db.ts";

// Reads rely on RLS for whose rows are visible, and still name the user so the
// (user_id, entry_date) indexes apply.

export function listActiveCalories(tx: Tx, userId: string, day: string) {
  return tx`
    select id, entry_date, calories, source from active_calories_entries
     where user_id = ${userId} and entry_date = ${day} order by source`;
}
