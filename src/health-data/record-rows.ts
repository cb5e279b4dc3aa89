import type { PhoneCycleRecord } from "../cycle/phone-records.ts";
import type { Nutrient } from "../summary/nutrients.ts";
import type { CheckInColumn } from "./measurement-types.ts";

/** The normalized rows each non-workout record type becomes, grouped by the store they go to. */

/** One record's contribution to a day's check-in row: one column's value. */
export type CheckInRow = { entry_date: string; column: CheckInColumn; value: number };

export type WaterRow = {
  entry_date: string;
  water_ml: number;
  logged_at: string | null;
  source: string;
  source_key: string;
};

export type ActiveCaloriesRow = { entry_date: string; calories: number; source: string };

export type CustomRow = {
  category: string;
  display_name: string | null;
  unit: string | null;
  entry_date: string;
  entry_hour: number | null;
  entry_timestamp: string | null;
  value: number;
  source: string;
  source_key: string;
};

export type MoodRow = {
  entry_date: string;
  mood_value: number;
  notes: string | null;
  logged_at: string | null;
  source: string;
  source_key: string;
};

export type SleepStageEvent = { stage: string; start_time: string; end_time: string };

export type SleepRow = {
  entry_date: string;
  bedtime: string;
  wake_time: string;
  duration_seconds: number;
  stage_events: SleepStageEvent[];
  record_timezone: string;
  source: string;
  source_key: string;
} & Record<SleepMeasure, number | null>;

/** What a night's record may carry besides its stages (wearables; the phone sends a score). */
export const SLEEP_MEASURES = [
  "sleep_score",
  "average_spo2_value",
  "lowest_spo2_value",
  "highest_spo2_value",
  "avg_overnight_hrv",
] as const;
export type SleepMeasure = (typeof SLEEP_MEASURES)[number];

export type NutritionRow = {
  entry_date: string;
  meal_type: string | null;
  food_name: string | null;
  logged_at: string | null;
  source: string;
  source_id: string;
} & Record<Nutrient, number | null>;

export type RowsByGroup = {
  checkIn: CheckInRow;
  water: WaterRow;
  activeCalories: ActiveCaloriesRow;
  custom: CustomRow;
  mood: MoodRow;
  sleep: SleepRow;
  nutrition: NutritionRow;
  cycle: PhoneCycleRecord;
};

export type RecordGroup = keyof RowsByGroup;

/** A record that passed validation: its position in the request, its type and its row. */
export type PreparedRecord = {
  [G in RecordGroup]: { group: G; index: number; type: string; row: RowsByGroup[G] };
}[RecordGroup];

const join = (...parts: string[]) => parts.join("\u0000");

/**
 * What identifies a row in its store: two records of one request with the same key write
 * the same row, so only the later one is kept. Cycle records merge field by field instead.
 */
export const ROW_KEYS: { [G in Exclude<RecordGroup, "cycle">]: (row: RowsByGroup[G]) => string } = {
  checkIn: (r) => join(r.entry_date, r.column),
  water: (r) => join(r.source, r.source_key),
  activeCalories: (r) => join(r.entry_date, r.source),
  custom: (r) => join(r.category, r.source, r.source_key),
  mood: (r) => join(r.source, r.source_key),
  sleep: (r) => join(r.source, r.source_key),
  nutrition: (r) => join(r.source, r.source_id),
};
