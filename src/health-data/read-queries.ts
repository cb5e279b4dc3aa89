import type { Tx } from "../db.ts";

// Reads rely on RLS for whose rows are visible, and still name the user so the
// (user_id, entry_date) indexes apply.

export async function getWaterIntake(tx: Tx, userId: string, day: string) {
  const entries = await tx<
    { id: string; water_ml: number; logged_at: Date | null; source: string }[]
  >`
    select id, water_ml, logged_at, source from water_entries
     where user_id = ${userId} and entry_date = ${day}
     order by logged_at nulls first, created_at`;
  const total = entries.reduce((sum, e) => sum + e.water_ml, 0);
  return { entry_date: day, water_ml: total, entries };
}

export function listCustomCategories(tx: Tx, userId: string) {
  return tx<{ id: string; name: string; measurement_type: string; created_at: Date }[]>`
    select id, name, measurement_type, created_at from custom_measurement_categories
     where user_id = ${userId} order by name`;
}

export function listCustomEntries(tx: Tx, userId: string, day: string, categoryId?: string) {
  return tx`
    select e.id, e.category_id, c.name as category_name, e.entry_date, e.entry_hour,
           e.entry_timestamp, e.value, e.source
      from custom_measurement_entries e
      join custom_measurement_categories c on c.id = e.category_id
     where e.user_id = ${userId} and e.entry_date = ${day}
       ${categoryId ? tx`and e.category_id = ${categoryId}` : tx``}
     order by c.name, e.entry_timestamp nulls first, e.entry_hour nulls first`;
}

export async function customCategoryExists(tx: Tx, userId: string, categoryId: string) {
  const [row] = await tx`
    select 1 from custom_measurement_categories where user_id = ${userId} and id = ${categoryId}`;
  return row !== undefined;
}

const SLEEP_COLUMNS = [
  "id",
  "entry_date",
  "bedtime",
  "wake_time",
  "duration_seconds",
  "stage_events",
  "record_timezone",
  "source",
  "source_key",
] as const;

export function listSleepEntries(tx: Tx, userId: string, day: string) {
  return tx`
    select ${tx(SLEEP_COLUMNS)} from sleep_entries
     where user_id = ${userId} and entry_date = ${day} order by bedtime`;
}

export async function getSleepEntry(tx: Tx, userId: string, id: string) {
  const [row] = await tx`
    select ${tx(SLEEP_COLUMNS)} from sleep_entries where user_id = ${userId} and id = ${id}`;
  return row;
}

export function listMoodEntries(tx: Tx, userId: string, day: string) {
  return tx`
    select id, entry_date, mood_value, notes, logged_at, source from mood_entries
     where user_id = ${userId} and entry_date = ${day} order by logged_at nulls first`;
}

export function listActiveCalories(tx: Tx, userId: string, day: string) {
  return tx`
    select id, entry_date, calories, source from active_calories_entries
     where user_id = ${userId} and entry_date = ${day} order by source`;
}
