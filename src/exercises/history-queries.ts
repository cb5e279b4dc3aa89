import type { Tx } from "../db.ts";
import { listEntriesByDate, listEntriesOfGroups } from "../workouts/read-queries.ts";
import { groupEntries, listSessionsByIds } from "./session-view.ts";

/** A day's entries grouped into sessions and single entries (v2 by-date). */
export async function listDaySessions(tx: Tx, userId: string, day: string) {
  const entries = await listEntriesByDate(tx, userId, day);
  const ids = [...new Set(entries.map((e) => e.exercise_preset_entry_id as string | null))];
  const sessions = await listSessionsByIds(
    tx,
    userId,
    ids.filter((id) => id !== null),
  );
  return groupEntries(entries, sessions);
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
