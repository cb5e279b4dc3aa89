import { type RangeSql } from "../database/sql-text.ts";
import type { PendingQuery, Row } from "postgres";
import type { Tx } from "../db.ts";
import type { EntryView } from "../workouts/read-queries.ts";

/** Entries grouped as the v2 clients read them: logged sessions, and single entries. */

export type SessionRow = {
  id: string;
  workout_preset_id: string | null;
  name: string;
  description: string | null;
  notes: string | null;
  entry_date: string;
  source: string;
  created_at: Date;
};

const SESSION_COLUMNS = `
    s.id, s.workout_preset_id, s.name, s.description, s.notes,
    to_char(s.entry_date, 'YYYY-MM-DD') as entry_date, s.source, s.created_at`;

export function listSessionsByIds(tx: Tx, userId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as SessionRow[]);
  return tx<SessionRow[]>`
    select ${tx.unsafe(SESSION_COLUMNS)} from exercise_preset_entries s
     where s.user_id = ${userId} and s.id = any (${ids}::uuid[])`;
}

/** The sessions whose ids `ids` selects. */
export function listSessionsIn(tx: Tx, userId: string, ids: PendingQuery<Row[]>) {
  return tx<SessionRow[]>`
    select ${tx.unsafe(SESSION_COLUMNS)} from exercise_preset_entries s
     where s.user_id = ${userId} and s.id in (${ids})`;
}

/** The sessions the caller's entries of the day `start` belong to. */
export const sessionsOfDaySql: RangeSql = ({ user, start }) => `
    select ${SESSION_COLUMNS} from exercise_preset_entries s
     where s.user_id = ${user}
       and s.id in (select exercise_preset_entry_id from exercise_entries
                     where user_id = ${user} and entry_date = ${start})`;

const sum = (entries: EntryView[], key: string) =>
  entries.reduce((total, e) => total + (Number(e[key]) || 0), 0);

/** A session with its entries, in their order. */
export function sessionView(session: SessionRow, entries: EntryView[]) {
  return {
    type: "preset" as const,
    ...session,
    exercises: entries,
    activity_details: [],
    total_duration_minutes: sum(entries, "duration_minutes"),
    total_calories_burned: sum(entries, "calories_burned"),
  };
}

/** Entries in order become sessions (at the place of their first entry) and single entries. */
export function groupEntries(entries: EntryView[], sessions: SessionRow[]) {
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const members = new Map<string, EntryView[]>();
  const out: Record<string, unknown>[] = [];
  for (const entry of entries) {
    const sessionId = entry.exercise_preset_entry_id as string | null;
    const session = sessionId ? byId.get(sessionId) : undefined;
    if (!session) {
      out.push({ type: "individual", ...entry, name: entry.title ?? entry.exercise_name ?? null });
      continue;
    }
    let list = members.get(session.id);
    if (!list) {
      list = [];
      members.set(session.id, list);
      out.push({ sessionId: session.id });
    }
    list.push(entry);
  }
  return out.map((item) =>
    "sessionId" in item
      ? sessionView(byId.get(item.sessionId as string)!, members.get(item.sessionId as string)!)
      : item,
  );
}
