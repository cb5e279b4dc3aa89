import type { Tx } from "../db.ts";

export type MoodInput = {
  entry_date: string;
  mood_value: number;
  mood_tags: string[];
  notes: string | null;
};
export type CustomMoodInput = {
  name: string;
  display_name: string | null;
  icon: string | null;
  color: string | null;
};

type MoodRow = MoodInput & { id: string; logged_at: Date | null; source: string };
type CustomMoodRow = CustomMoodInput & { id: string };

const columns = (tx: Tx) => tx`
  id, entry_date, mood_value, mood_tags, notes, logged_at, source, created_at, updated_at`;

export function listMoodInRange(tx: Tx, userId: string, start: string, end: string) {
  return tx<MoodRow[]>`
    select ${columns(tx)} from mood_entries
     where user_id = ${userId} and entry_date between ${start} and ${end}
     order by entry_date, logged_at nulls first`;
}

export async function getMood(tx: Tx, userId: string, id: string) {
  const [row] = await tx<MoodRow[]>`
    select ${columns(tx)} from mood_entries where user_id = ${userId} and id = ${id}`;
  return row;
}

/** One manual mood per day: logging again replaces that day's (synced moods stay apart). */
export async function saveManualMood(tx: Tx, userId: string, mood: MoodInput) {
  const [row] = await tx<MoodRow[]>`
    insert into mood_entries (user_id, entry_date, mood_value, mood_tags, notes, logged_at,
                              source, source_key)
    values (${userId}, ${mood.entry_date}, ${mood.mood_value}, ${mood.mood_tags}, ${mood.notes},
            now(), 'manual', ${mood.entry_date})
    on conflict (user_id, source, source_key) do update set
      mood_value = excluded.mood_value, mood_tags = excluded.mood_tags, notes = excluded.notes,
      logged_at = excluded.logged_at, updated_at = now()
    returning ${columns(tx)}`;
  return row!;
}

export async function updateMood(
  tx: Tx,
  userId: string,
  id: string,
  changes: Partial<Omit<MoodInput, "entry_date">>,
) {
  const keys = (Object.keys(changes) as (keyof typeof changes)[]).filter(
    (k) => changes[k] !== undefined,
  );
  const [row] = await tx<MoodRow[]>`
    update mood_entries set ${tx({ ...changes, updated_at: tx`now()` }, ...keys, "updated_at")}
     where user_id = ${userId} and id = ${id}
    returning ${columns(tx)}`;
  return row;
}

export async function deleteMood(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from mood_entries where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}

const moodColumns = (tx: Tx) => tx`id, name, display_name, icon, color, created_at, updated_at`;

export function listCustomMoods(tx: Tx, userId: string) {
  return tx<
    CustomMoodRow[]
  >`select ${moodColumns(tx)} from custom_moods where user_id = ${userId} order by name`;
}

export async function createCustomMood(tx: Tx, userId: string, mood: CustomMoodInput) {
  const [row] = await tx<CustomMoodRow[]>`
    insert into custom_moods ${tx({ ...mood, user_id: userId }, "user_id", "name", "display_name", "icon", "color")}
    returning ${moodColumns(tx)}`;
  return row!;
}

export async function deleteCustomMood(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from custom_moods where user_id = ${userId} and id = ${id}`;
  return result.count > 0;
}
