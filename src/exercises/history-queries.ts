import type { Tx } from "../db.ts";
import { listEntriesByDate, listEntriesOfGroups } from "../workouts/read-queries.ts";
import { inRange } from "../database/sql-text.ts";
import {
  groupEntries,
  listSessionsByIds,
  sessionsOfDaySql,
  type SessionRow,
} from "./session-view.ts";

/**
 * A day's entries and the sessions they belong to (v2 by-date, grouped by groupEntries): two
 * statements that do not wait for each other, so that they go in one round trip.
 */
export function daySessionStatements(tx: Tx, userId: string, day: string) {
  return [
    listEntriesByDate(tx, userId, day),
    tx<SessionRow[]>`${inRange(tx, sessionsOfDaySql, userId, day, day)}`,
  ] as const;
}

/**
 * Sessions and single entries, newest first, one page at a time; with `exerciseId`, only
 * the groups that contain that exercise.
 */
export async function listHistory(
  tx: Tx,
  userId: string,
  page: { limit: number; offset: number; exerciseId: string | null },
) {
  const groups = await tx<{ key: string; total: number }[]>`
    select coalesce(exercise_preset_entry_id, id) as key, count(*) over ()::int as total
      from exercise_entries
     where user_id = ${userId}
     group by coalesce(exercise_preset_entry_id, id)
    having ${page.exerciseId}::uuid is null or bool_or(exercise_id = ${page.exerciseId})
     order by max(entry_date) desc, min(created_at) desc
     limit ${page.limit} offset ${page.offset}`;
  const keys = groups.map((g) => g.key);
  const [entries, sessions] = await Promise.all([
    listEntriesOfGroups(tx, userId, keys),
    listSessionsByIds(tx, userId, keys),
  ]);
  return { sessions: groupEntries(entries, sessions), total: groups[0]?.total ?? 0 };
}
