import type { Tx } from "../db.ts";
import { NUTRIENTS } from "../summary/nutrients.ts";
import { syncedNutrientColumn } from "../summary/synced-nutrition.ts";
import {
  ROW_KEYS,
  type SleepMeasure,
  type CustomRow,
  type NutritionRow,
  type SleepRow,
} from "./record-rows.ts";
import { lastPerKey } from "./write-daily-rows.ts";

/**
 * Custom measurements: creates the categories first used here (with the label and unit of a
 * known measurement, or the unit the record carries; a category without a unit gets one)
 * and upserts the entries in one statement. A category another request creates at the same moment is invisible to
 * this statement's snapshot, so its entries would be silently left out: the row count
 * catches that, and the error sends the caller to its per-record retry.
 */
export async function writeCustomEntries(
  tx: Tx,
  userId: string,
  input: CustomRow[],
): Promise<void> {
  const rows = lastPerKey(input, ROW_KEYS.custom);
  const result = await tx`
    with input as (
      select * from unnest(${rows.map((r) => r.category)}::text[],
                           ${rows.map((r) => r.display_name)}::text[],
                           ${rows.map((r) => r.unit)}::text[],
                           ${rows.map((r) => r.entry_date)}::date[],
                           ${rows.map((r) => r.entry_hour)}::int[],
                           ${rows.map((r) => r.entry_timestamp)}::timestamptz[],
                           ${rows.map((r) => r.value)}::float8[],
                           ${rows.map((r) => r.source)}::text[],
                           ${rows.map((r) => r.source_key)}::text[])
             as r(category, display_name, unit, entry_date, entry_hour, entry_timestamp, value, source, source_key)
    ), created as (
      insert into custom_measurement_categories (user_id, name, display_name, unit, measurement_type)
      select distinct on (category) ${userId}::uuid, category, display_name, unit, coalesce(unit, 'numeric')
        from input order by category
      on conflict (user_id, name) do update set
        unit = excluded.unit, measurement_type = excluded.measurement_type,
        display_name = coalesce(custom_measurement_categories.display_name, excluded.display_name),
        updated_at = now()
      where custom_measurement_categories.unit is null and excluded.unit is not null
      returning id, name
    ), categories as (
      -- union, not union all: a category given its unit here is in both halves.
      select id, name from created
      union
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
  const rows = lastPerKey(input, ROW_KEYS.sleep);
  const measure = (key: SleepMeasure) => rows.map((r) => r[key]);
  await tx`
    insert into sleep_entries (user_id, entry_date, bedtime, wake_time, duration_seconds,
                               stage_events, record_timezone, source, source_key, sleep_score,
                               average_spo2_value, lowest_spo2_value, highest_spo2_value,
                               avg_overnight_hrv)
    select ${userId}::uuid, d, bed, wake, secs, events::jsonb, tz, src, k, score, spo2, spo2_low,
           spo2_high, hrv
      from unnest(${rows.map((r) => r.entry_date)}::date[], ${rows.map((r) => r.bedtime)}::timestamptz[],
                  ${rows.map((r) => r.wake_time)}::timestamptz[], ${rows.map((r) => r.duration_seconds)}::int[],
                  ${rows.map((r) => JSON.stringify(r.stage_events))}::text[],
                  ${rows.map((r) => r.record_timezone)}::text[], ${rows.map((r) => r.source)}::text[],
                  ${rows.map((r) => r.source_key)}::text[], ${measure("sleep_score")}::float8[],
                  ${measure("average_spo2_value")}::float8[], ${measure("lowest_spo2_value")}::float8[],
                  ${measure("highest_spo2_value")}::float8[], ${measure("avg_overnight_hrv")}::float8[])
           as r(d, bed, wake, secs, events, tz, src, k, score, spo2, spo2_low, spo2_high, hrv)
    on conflict (user_id, source, source_key) do update set
      entry_date = excluded.entry_date, bedtime = excluded.bedtime, wake_time = excluded.wake_time,
      duration_seconds = excluded.duration_seconds, stage_events = excluded.stage_events,
      record_timezone = excluded.record_timezone, sleep_score = excluded.sleep_score,
      average_spo2_value = excluded.average_spo2_value, lowest_spo2_value = excluded.lowest_spo2_value,
      highest_spo2_value = excluded.highest_spo2_value, avg_overnight_hrv = excluded.avg_overnight_hrv,
      updated_at = now()`;
}

export async function writeNutrition(tx: Tx, userId: string, input: NutritionRow[]): Promise<void> {
  const rows: Record<string, string | number | null>[] = lastPerKey(input, ROW_KEYS.nutrition).map(
    (r) => ({
      user_id: userId,
      entry_date: r.entry_date,
      meal_type: r.meal_type,
      food_name: r.food_name,
      logged_at: r.logged_at,
      source: r.source,
      source_id: r.source_id,
      ...Object.fromEntries(NUTRIENTS.map((n) => [syncedNutrientColumn(n), r[n]])),
    }),
  );
  await tx`
    insert into nutrition_sync_entries ${tx(rows)}
    on conflict (user_id, source, source_id) do update set
      entry_date = excluded.entry_date, meal_type = excluded.meal_type,
      food_name = excluded.food_name, logged_at = excluded.logged_at,
      calories = excluded.calories, protein_g = excluded.protein_g, carbs_g = excluded.carbs_g,
      fat_g = excluded.fat_g, saturated_fat = excluded.saturated_fat,
      polyunsaturated_fat = excluded.polyunsaturated_fat,
      monounsaturated_fat = excluded.monounsaturated_fat, trans_fat = excluded.trans_fat,
      cholesterol = excluded.cholesterol, sodium = excluded.sodium, potassium = excluded.potassium,
      dietary_fiber = excluded.dietary_fiber, sugars = excluded.sugars,
      vitamin_a = excluded.vitamin_a, vitamin_c = excluded.vitamin_c, calcium = excluded.calcium,
      iron = excluded.iron, updated_at = now()`;
}
