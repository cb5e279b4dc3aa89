import type { Shape } from "./shapes.ts";

// The phone app's water and custom-measurement types (src/types/measurements.ts and
// src/types/customMeasurements.ts of the SparkyFitness repository).
export const WATER_CONTAINER: Shape = {
  id: "number",
  name: "string",
  volume: "number",
  unit: "string",
  is_primary: "boolean",
  servings_per_container: "number",
};

export const WATER_INTAKE_ANSWER: Shape = {
  id: "string",
  water_ml: "number",
  entry_date: "string",
};

export const CUSTOM_CATEGORY: Shape = {
  id: "string",
  name: "string",
  display_name: "string|null?",
  measurement_type: "string",
  frequency: "string",
  data_type: "string|null?",
  updated_at: "string?",
};

export const CUSTOM_CATEGORY_ENTRY_INFO: Shape = {
  name: "string",
  display_name: "string|null",
  measurement_type: "string",
  frequency: "string",
  data_type: "string",
};

export const CUSTOM_MEASUREMENT_ENTRY: Shape = {
  id: "string",
  category_id: "string",
  value: "string",
  entry_date: "string",
  entry_hour: "number|null?",
  entry_timestamp: "string?",
  notes: "string|null?",
  source: "string?",
  custom_categories: "object?",
};

// Sleep and mood are written by the app's sync and read by the web client: the fields that
// server's sleep_entries and mood_entries answer (reference/sparkyfitness-schema.md).
const nullableNumber = "number|null";
export const SLEEP_ENTRY: Shape = {
  id: "string",
  entry_date: "string",
  bedtime: "string",
  wake_time: "string",
  duration_in_seconds: "number",
  time_asleep_in_seconds: nullableNumber,
  sleep_score: nullableNumber,
  source: "string",
  deep_sleep_seconds: nullableNumber,
  light_sleep_seconds: nullableNumber,
  rem_sleep_seconds: nullableNumber,
  awake_sleep_seconds: nullableNumber,
  average_spo2_value: nullableNumber,
  lowest_spo2_value: nullableNumber,
  highest_spo2_value: nullableNumber,
  avg_overnight_hrv: nullableNumber,
  stage_events: "array",
};

export const SLEEP_STAGE: Shape = {
  stage_type: "string",
  start_time: "string",
  end_time: "string",
  duration_in_seconds: "number",
};

export const MOOD_ENTRY: Shape = {
  id: "string",
  mood_value: "number",
  notes: "string|null",
  entry_date: "string",
  mood_tags: "array",
  created_at: "string",
  updated_at: "string",
};
