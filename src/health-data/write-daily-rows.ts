import type { Tx } from "../db.ts";
import type { CheckInColumn } from "./measurement-types.ts";
import {
  ROW_KEYS,
  type ActiveCaloriesRow,
  type CheckInRow,
  type MoodRow,
  type WaterRow,
} from "./record-rows.ts";

// Each writer takes every valid row of its store in a request and writes them with one
// statement: unnest() over typed arrays keeps the statement text constant (one prepared
// statement whatever the batch size) and costs one round trip.

/**
 * Keeps the last row per key (a later record in the request corrects an earlier one, and
 * one statement may not upsert a row twice) and orders rows by key, so concurrent re-syncs
 * lock rows in the same order instead of deadlocking.
 */
export function lastPerKey<T>(rows: T[], key: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) byKey.set(key(row), row);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
}

/** Check-in records fill their column of that day's row; a column not sent is left alone. */
export async function writeCheckIns(tx: Tx, userId: string, rows: CheckInRow[]): Promise<void> {
  const byDay = new Map<string, Partial<Record<CheckInColumn, number>>>();
  for (const row of rows) {
    const day = byDay.get(row.entry_date) ?? {};
    day[row.column] = row.value;
    byDay.set(row.entry_date, day);
  }
  const days = [...byDay.keys()].sort();
  const values = (column: CheckInColumn) => days.map((d) => byDay.get(d)![column] ?? null);
  await tx`
    insert into check_in_measurements (user_id, entry_date, weight, steps, height,
      body_fat_percentage, bone_mass_kg, muscle_mass_kg, body_water_percentage)
    select ${userId}::uuid, d, w, s, h, bf, bone, muscle, water
      from unnest(${days}::date[], ${values("weight")}::float8[], ${values("steps")}::int[],
                  ${values("height")}::float8[], ${values("body_fat_percentage")}::float8[],
                  ${values("bone_mass_kg")}::float8[], ${values("muscle_mass_kg")}::float8[],
                  ${values("body_water_percentage")}::float8[])
           as r(d, w, s, h, bf, bone, muscle, water)
    on conflict (user_id, entry_date) do update set
      weight = coalesce(excluded.weight, check_in_measurements.weight),
      steps = coalesce(excluded.steps, check_in_measurements.steps),
      height = coalesce(excluded.height, check_in_measurements.height),
      body_fat_percentage = coalesce(excluded.body_fat_percentage, check_in_measurements.body_fat_percentage),
      bone_mass_kg = coalesce(excluded.bone_mass_kg, check_in_measurements.bone_mass_kg),
      muscle_mass_kg = coalesce(excluded.muscle_mass_kg, check_in_measurements.muscle_mass_kg),
      body_water_percentage = coalesce(excluded.body_water_percentage, check_in_measurements.body_water_percentage),
      updated_at = now()`;
}

export async function writeWater(tx: Tx, userId: string, input: WaterRow[]): Promise<void> {
  const rows = lastPerKey(input, ROW_KEYS.water);
  await tx`
    insert into water_entries (user_id, entry_date, water_ml, logged_at, source, source_key)
    select ${userId}::uuid, d, ml, at, src, k
      from unnest(${rows.map((r) => r.entry_date)}::date[], ${rows.map((r) => r.water_ml)}::float8[],
                  ${rows.map((r) => r.logged_at)}::timestamptz[], ${rows.map((r) => r.source)}::text[],
                  ${rows.map((r) => r.source_key)}::text[]) as r(d, ml, at, src, k)
    on conflict (user_id, source, source_key) do update set
      entry_date = excluded.entry_date, water_ml = excluded.water_ml,
      logged_at = excluded.logged_at, updated_at = now()`;
}

export async function writeActiveCalories(
  tx: Tx,
  userId: string,
  input: ActiveCaloriesRow[],
): Promise<void> {
  const rows = lastPerKey(input, ROW_KEYS.activeCalories);
  await tx`
    insert into active_calories_entries (user_id, entry_date, calories, source)
    select ${userId}::uuid, d, kcal, src
      from unnest(${rows.map((r) => r.entry_date)}::date[], ${rows.map((r) => r.calories)}::float8[],
                  ${rows.map((r) => r.source)}::text[]) as r(d, kcal, src)
    on conflict (user_id, entry_date, source) do update set
      calories = excluded.calories, updated_at = now()`;
}

export async function writeMoods(tx: Tx, userId: string, input: MoodRow[]): Promise<void> {
  const rows = lastPerKey(input, ROW_KEYS.mood);
  await tx`
    insert into mood_entries (user_id, entry_date, mood_value, notes, logged_at, source, source_key)
    select ${userId}::uuid, d, v, n, at, src, k
      from unnest(${rows.map((r) => r.entry_date)}::date[], ${rows.map((r) => r.mood_value)}::float8[],
                  ${rows.map((r) => r.notes)}::text[], ${rows.map((r) => r.logged_at)}::timestamptz[],
                  ${rows.map((r) => r.source)}::text[], ${rows.map((r) => r.source_key)}::text[])
           as r(d, v, n, at, src, k)
    on conflict (user_id, source, source_key) do update set
      entry_date = excluded.entry_date, mood_value = excluded.mood_value, notes = excluded.notes,
      logged_at = excluded.logged_at, updated_at = now()`;
}
