import type { Tx } from "../db.ts";
import type { CustomRow, NutritionRow, SleepRow } from "./record-rows.ts";
import { lastPerKey } from "./write-daily-rows.ts";

/**
 * Custom measurements: creates the categories first used here and upserts the entries in
 * one statement. A category another request creates at the same moment is invisible to
 * this statement's snapshot, so its entries would be silently left out: the row count
 * catches that, and the error sends the caller to its per-record retry.
 */
export async function writeCustomEntries(
  tx: Tx,
  userId: string,
  input: CustomRow[],
): Promise<void> {
  const rows = lastPerKey(input, (r) => `${r.category}\u0000${r.source}\u0000${r.source_key}`);
  const result = await tx`
    with input as (
      select * from unnest(${rows.map((r) => r.category)}::text[],
                           ${rows.map((r) => r.entry_date)}::date[],
                           ${rows.map((r) => r.entry_hour)}::int[],
                           ${rows.map((r) => r.entry_timestamp)}::timestamptz[],
                           ${rows.map((r) => r.value)}::float8[],
                           ${rows.map((r) => r.source)}::text[],
                           ${rows.map((r) => r.source_key)}::text[])
             as r(category, entry_date, entry_hour, entry_timestamp, value, source, source_key)
    ), created as (
      insert into custom_measurement_categories (user_id, name)
      select distinct ${userId}::uuid, category from input
      on conflict (user_id, name) do nothing
      returning id, name
    ), categories as (
      select id, name from created
      union all
      select c.id, c.name from custom_measurement_categories c
       where c.user_id = ${userId}::uuid and c.name in (select category from input)
    )
    insert into custom_measurement_entries
      (user_id, category_id, entry_date, entry_hour, entry_timestamp, value, source, source_key)
    select ${userId}::uuid, categories.id, i.entry_date, i.entry_hour, i.entry_timestamp,
           i.value, i.source, i.source_key
      from input i join categories on categories.name = i.category
    on conflict (category_id, source, source_key) do update set
      entry_date = excluded.entry_date, entry_hour = excluded.entry_hour,
      entry_timestamp = excluded.entry_timestamp, value = excluded.value, updated_at = now()`;
  if (result.count !== rows.length) throw new Error("custom category created concurrently");
}

export async function writeSleep(tx: Tx, userId: string, input: SleepRow[]): Promise<void> {
  const rows = lastPerKey(input, (r) => `${r.source}\u0000${r.source_key}`);
  await tx`
    insert into sleep_entries (user_id, entry_date, bedtime, wake_time, duration_seconds,
                               stage_events, record_timezone, source, source_key)
    select ${userId}::uuid, d, bed, wake, secs, events::jsonb, tz, src, k
      from unnest(${rows.map((r) => r.entry_date)}::date[], ${rows.map((r) => r.bedtime)}::timestamptz[],
                  ${rows.map((r) => r.wake_time)}::timestamptz[], ${rows.map((r) => r.duration_seconds)}::int[],
                  ${rows.map((r) => JSON.stringify(r.stage_events))}::text[],
                  ${rows.map((r) => r.record_timezone)}::text[], ${rows.map((r) => r.source)}::text[],
                  ${rows.map((r) => r.source_key)}::text[])
           as r(d, bed, wake, secs, events, tz, src, k)
    on conflict (user_id, source, source_key) do update set
      entry_date = excluded.entry_date, bedtime = excluded.bedtime, wake_time = excluded.wake_time,
      duration_seconds = excluded.duration_seconds, stage_events = excluded.stage_events,
      record_timezone = excluded.record_timezone, updated_at = now()`;
}

export async function writeNutrition(tx: Tx, userId: string, input: NutritionRow[]): Promise<void> {
  const rows = lastPerKey(input, (r) => `${r.source}\u0000${r.source_id}`);
  const column = <K extends keyof NutritionRow>(key: K) => rows.map((r) => r[key]);
  await tx`
    insert into nutrition_sync_entries (user_id, entry_date, meal_type, food_name, calories,
                                        protein_g, carbs_g, fat_g, logged_at, source, source_id)
    select ${userId}::uuid, d, meal, food, kcal, p, c, f, at, src, sid
      from unnest(${column("entry_date")}::date[], ${column("meal_type")}::text[],
                  ${column("food_name")}::text[], ${column("calories")}::float8[],
                  ${column("protein_g")}::float8[], ${column("carbs_g")}::float8[],
                  ${column("fat_g")}::float8[], ${column("logged_at")}::timestamptz[],
                  ${column("source")}::text[], ${column("source_id")}::text[])
           as r(d, meal, food, kcal, p, c, f, at, src, sid)
    on conflict (user_id, source, source_id) do update set
      entry_date = excluded.entry_date, meal_type = excluded.meal_type,
      food_name = excluded.food_name, calories = excluded.calories,
      protein_g = excluded.protein_g, carbs_g = excluded.carbs_g, fat_g = excluded.fat_g,
      logged_at = excluded.logged_at, updated_at = now()`;
}
