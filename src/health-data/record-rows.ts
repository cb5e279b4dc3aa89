import type { PhoneCycleRecord } from "../cycle/phone-records.ts";

/** The normalized rows each non-workout record type becomes, grouped by the store they go to. */

/** One record's contribution to a day's check-in row: exactly one of weight or steps. */
export type CheckInRow = { entry_date: string; weight?: number; steps?: number };

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
};

export type NutritionRow = {
  entry_date: string;
  meal_type: string | null;
  food_name: string | null;
  calories: number | null;
  protein_g: number | null;
  carbs_g: number | null;
  fat_g: number | null;
  logged_at: string | null;
  source: string;
  source_id: string;
};

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
