import type { Shape } from "./shapes.ts";

/**
 * The exercise shapes of the phone app (SparkyFitness `shared/src/schemas/api`, which its
 * `src/types` re-export). Preset ids are declared numbers there, but the app only passes
 * them back (routes, `workout_preset_id`), so they stay this server's uuids; set ids it
 * compares as numbers (negative ones are its unsaved sets), so those are numbers.
 */

export const EXERCISE: Shape = {
  id: "string",
  name: "string",
  category: "string|null",
  modality: "string|null?",
  equipment: "array",
  primary_muscles: "array",
  secondary_muscles: "array",
  calories_per_hour: "number",
  source: "string",
  images: "array",
  force: "string|null?",
  level: "string|null?",
  mechanic: "string|null?",
  instructions: "array?",
  description: "string|null?",
  user_id: "string|null?",
  is_custom: "boolean?",
  shared_with_public: "boolean?",
};

export const ENTRY_SET: Shape = {
  id: "number",
  set_number: "number",
  set_type: "string|null",
  reps: "number|null",
  weight: "number|null",
  duration: "number|null",
  rest_time: "number|null",
  notes: "string|null",
  rpe: "number|null",
  completed_at: "string|null",
  is_pr: "boolean",
  distance: "number|null?",
};

export const EXERCISE_SNAPSHOT: Shape = {
  id: "string",
  name: "string",
  category: "string|null",
  modality: "string|null?",
  images: "array|null",
  primary_muscles: "array|null",
  secondary_muscles: "array|null",
  equipment: "array|null",
  instructions: "array|null",
  force: "string|null",
  level: "string|null",
  mechanic: "string|null",
  source: "string|null?",
  source_id: "string|null?",
  is_custom: "boolean|null?",
  user_id: "string|null?",
  calories_per_hour: "number|null?",
  description: "string|null?",
  shared_with_public: "boolean|null?",
  tags: "array|null?",
};

export const ACTIVITY_DETAIL: Shape = {
  id: "string",
  provider_name: "string",
  detail_type: "string",
};

export const EXERCISE_ENTRY: Shape = {
  id: "string",
  exercise_id: "string",
  duration_minutes: "number",
  calories_burned: "number",
  entry_date: "string|null",
  entry_time: "string|null?",
  notes: "string|null",
  distance: "number|null",
  avg_heart_rate: "number|null",
  source: "string|null",
  image_url: "string|null?",
  exercise_preset_entry_id: "string|null?",
  created_at: "string|null?",
  sets: "array",
  exercise_snapshot: "object|null",
  activity_details: "array",
  steps: "number|null?",
  category: "string|null?",
  superset_group: "number|null",
  // The workout summary the app shows when present.
  max_heart_rate: "number|null?",
  heart_rate_recovery_1min: "number|null?",
  avg_respiration_brpm: "number|null?",
  max_respiration_brpm: "number|null?",
  avg_speed_mps: "number|null?",
  max_speed_mps: "number|null?",
  avg_cadence: "number|null?",
  max_cadence: "number|null?",
  avg_power_watts: "number|null?",
  max_power_watts: "number|null?",
  normalized_power_watts: "number|null?",
  tss_score: "number|null?",
  intensity_factor: "number|null?",
  elevation_gain_meters: "number|null?",
  elevation_loss_meters: "number|null?",
  floors_climbed: "number|null?",
  stroke_count: "number|null?",
  training_load: "number|null?",
  aerobic_training_effect: "number|null?",
  anaerobic_training_effect: "number|null?",
  vo2_max_estimate: "number|null?",
  avg_temperature_celsius: "number|null?",
  max_temperature_celsius: "number|null?",
  weather_temp_celsius: "number|null?",
  weather_wind_speed_mps: "number|null?",
  weather_humidity_percentage: "number|null?",
  water_estimated: "number|null?",
  moving_time_seconds: "number|null?",
  elapsed_time_seconds: "number|null?",
  work_time_seconds: "number|null?",
  resting_calories: "number|null?",
  active_calories: "number|null?",
  avg_moving_speed_mps: "number|null?",
  min_elevation_meters: "number|null?",
  max_elevation_meters: "number|null?",
  ground_contact_time_ms: "number|null?",
  vertical_oscillation_mm: "number|null?",
  stride_length_cm: "number|null?",
  weather_condition: "string|null?",
  gear_name: "string|null?",
  gear_external_id: "string|null?",
};

export const INDIVIDUAL_SESSION: Shape = {
  ...EXERCISE_ENTRY,
  type: "string",
  name: "string|null",
};

export const PRESET_SESSION: Shape = {
  type: "string",
  id: "string",
  entry_date: "string|null",
  workout_preset_id: "string|null",
  name: "string",
  description: "string|null",
  notes: "string|null",
  source: "string",
  created_at: "string|null?",
  total_duration_minutes: "number",
  exercises: "array",
  exercise_snapshot: "object|null?",
  activity_details: "array",
};

export const PAGINATION: Shape = {
  page: "number",
  pageSize: "number",
  totalCount: "number",
  hasMore: "boolean",
};

export const SET_STATS: Shape = {
  entryDate: "string",
  weight: "number|null",
  reps: "number|null",
  setNumber: "number",
};

export const RECENT_SESSION_SET: Shape = {
  setNumber: "number",
  setType: "string|null",
  weight: "number|null",
  reps: "number|null",
  duration: "number|null?",
  distance: "number|null?",
};

export const WORKOUT_PRESET_SET: Shape = {
  id: "number",
  set_number: "number",
  set_type: "string|null",
  reps: "number|null",
  weight: "number|null",
  duration: "number|null",
  distance: "number|null?",
  rest_time: "number|null",
  notes: "string|null",
};

export const WORKOUT_PRESET_EXERCISE: Shape = {
  id: "string",
  exercise_id: "string",
  image_url: "string|null",
  sort_order: "number|null?",
  exercise_name: "string",
  category: "string|null",
  modality: "string?",
  superset_group: "number|null",
  sets: "array",
};

export const WORKOUT_PRESET: Shape = {
  id: "string",
  user_id: "string",
  name: "string",
  description: "string|null",
  is_public: "boolean|null",
  created_at: "string?",
  updated_at: "string?",
  exercises: "array",
};

export const EXTERNAL_EXERCISE: Shape = {
  id: "string",
  name: "string",
  source: "string",
  category: "string|null",
  modality: "string?",
  calories_per_hour: "number|null",
  description: "string?",
  force: "string|null?",
  level: "string|null?",
  mechanic: "string|null?",
  equipment: "array?",
  primary_muscles: "array?",
  secondary_muscles: "array?",
  instructions: "array?",
  images: "array?",
};
