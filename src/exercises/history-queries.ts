import type { PendingQuery, Row } from "postgres";
import type { Tx } from "../db.ts";
import {
  listEntriesByDate,
  listEntriesOfGroups,
  type EntryView,
} from "../workouts/read-queries.ts";
import { inRange } from "../database/sql-text.ts";
import { groupEntries, listSessionsIn, sessionsOfDaySql, type SessionRow } from "./session-view.ts";

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
 * the groups that contain that exercise: the page's groups (with the count of all) and
 * their entries and sessions, three statements that select the page by the same condition
 * and do not wait for each other (one round trip). historyPage puts them together.
 */
export function historyStatements(
  tx: Tx,
  userId: string,
  page: { limit: number; offset: number; exerciseId: string | null },
) {
  // The last key orders groups that tie, so that the three statements pick the same page.
  const groups = (columns: PendingQuery<Row[]>) => tx`
    select ${columns} from exercise_entries
     where user_id = ${userId}
     group by coalesce(exercise_preset_entry_id, id)
    having ${page.exerciseId}::uuid is null or bool_or(exercise_id = ${page.exerciseId})
     order by max(entry_date) desc, min(created_at) desc, coalesce(exercise_preset_entry_id, id)
     limit ${page.limit} offset ${page.offset}`;
  const keys = () => groups(tx`coalesce(exercise_preset_entry_id, id)`);
  return [
    tx<{ total: number }[]>`${groups(tx`count(*) over ()::int as total`)}`,
    listEntriesOfGroups(tx, userId, keys()),
    listSessionsIn(tx, userId, keys()),
  ] as const;
}

/** A page of history from the answers of historyStatements. */
export function historyPage(
  groups: { total: number }[],
  entries: EntryView[],
  sessions: SessionRow[],
) {
  return { sessions: groupEntries(entries, sessions), total: groups[0]?.total ?? 0 };
}
