import { expect } from "bun:test";
import { MAIN_NUTRIENTS, OPTIONAL_NUTRIENTS } from "../../src/foods/nutrients.ts";

/**
 * The phone app's type declarations (reference/mobile-app-api.md, "Shapes") as checkable
 * specs: "string", "number", "boolean", "array", "object", alternatives joined by "|"
 * ("string|null"), and a trailing "?" for fields the app declares optional.
 */
export type Shape = Record<string, string>;

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Every field the app reads is there (unless optional) with a type it accepts. */
export function expectShape(value: unknown, shape: Shape, name: string): void {
  expect(typeOf(value)).toBe("object");
  const problems: string[] = [];
  for (const [field, spec] of Object.entries(shape)) {
    const optional = spec.endsWith("?");
    const types = spec.replace(/\?$/, "").split("|");
    const actual = (value as Record<string, unknown>)[field];
    if (actual === undefined) {
      if (!optional) problems.push(`${name}.${field} is missing`);
    } else if (!types.includes(typeOf(actual))) {
      problems.push(`${name}.${field} is ${typeOf(actual)}, the app expects ${spec}`);
    }
  }
  expect(problems).toEqual([]);
}

/** Fields of one type, e.g. the server's list of nutrients beyond calories and the macros. */
export function fieldsOf<T>(keys: readonly string[], value: T): Record<string, T> {
  return Object.fromEntries(keys.map((key) => [key, value]));
}

/** An answer of one of the app's calls: its status, the values expected, its type's fields. */
export function expectAnswer(
  res: { status: number; body: unknown },
  status: number,
  shape: Shape,
  name: string,
  values: object = {},
): void {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject(values);
  expectShape(res.body, shape, name);
}

export const USER_PREFERENCES: Shape = {
  bmr_algorithm: "string?",
  body_fat_algorithm: "string?",
  fat_breakdown_algorithm: "string?",
  mineral_calculation_algorithm: "string?",
  vitamin_calculation_algorithm: "string?",
  sugar_calculation_algorithm: "string?",
  default_food_data_provider_id: "string|null?",
  default_barcode_provider_id: "string|null?",
  default_weight_unit: "string?",
  default_distance_unit: "string?",
  default_measurement_unit: "string?",
  date_format: "string?",
  energy_unit: "string?",
  water_display_unit: "string?",
  include_bmr_in_net_calories: "boolean?",
  use_external_bmr: "boolean?",
  show_net_carbs: "boolean?",
  calorie_goal_adjustment_mode: "string?",
  auto_scale_open_food_facts_imports: "boolean?",
  auto_scale_online_imports: "boolean?",
  barcode_fallback_open_food_facts: "boolean?",
  exercise_calorie_percentage: "number?",
  activity_level: "string?",
  tdee_allow_negative_adjustment: "boolean?",
  calorie_safety_floor_mode: "string?",
  calorie_safety_floor_value: "number?",
  auto_clear_history: "string?",
  logging_level: "string?",
  // The app aborts its sync when the bootstrap answer has no time zone.
  timezone: "string",
  item_display_limit: "number?",
  language: "string?",
  first_day_of_week: "number?",
  ai_assisted_conversions: "boolean?",
  // What that kind of server answers besides (goal mode, time format, decimals).
  goal_mode: "string",
  goal_mode_calculation_method: "string",
  goal_mode_custom_percentage: "number",
  time_format: "string",
  measurement_decimal_places: "number",
  add_exercise_water_to_goal: "boolean",
};

export const USER_PROFILE: Shape = {
  id: "string",
  full_name: "string|null",
  phone_number: "string|null",
  date_of_birth: "string|null",
  bio: "string|null",
  avatar_url: "string|null",
  gender: "string|null",
};

export const CHECK_IN_RANGE: Shape = {
  id: "string",
  user_id: "string",
  entry_date: "string",
  weight: "number|null?",
  neck: "number|null?",
  waist: "number|null?",
  hips: "number|null?",
  steps: "number|null?",
  height: "number|null?",
  body_fat_percentage: "number|null?",
  updated_at: "string",
};

export const CHECK_IN: Shape = {
  entry_date: "string",
  weight: "number|null?",
  neck: "number|null?",
  waist: "number|null?",
  hips: "number|null?",
  steps: "number|null?",
  height: "number|null?",
  body_fat_percentage: "number|null?",
};

export const WATER_INTAKE: Shape = { water_ml: "number", manual_ml: "number?" };

export const HEALTH_DATA_ANSWER: Shape = {
  message: "string",
  processed: "array",
  errors: "array",
  skipped: "array",
};

export const NUTRIENT_DISPLAY_PREFERENCE: Shape = {
  view_group: "string",
  platform: "string",
  visible_nutrients: "array",
};

export const CHAT_HISTORY_ENTRY: Shape = {
  id: "string",
  message_type: "string",
  content: "string",
  parts: "array?",
  metadata: "object?",
  created_at: "string",
};

const nullableNumber = "number|null";
export const LABEL_SCAN_RESULT: Shape = {
  name: "string",
  brand: "string",
  serving_size: "number",
  serving_unit: "string",
  calories: "number",
  protein: "number",
  carbs: "number",
  fat: "number",
  fiber: nullableNumber,
  saturated_fat: nullableNumber,
  trans_fat: nullableNumber,
  sodium: nullableNumber,
  sugars: nullableNumber,
  cholesterol: nullableNumber,
  potassium: nullableNumber,
  calcium: nullableNumber,
  iron: nullableNumber,
  vitamin_a: nullableNumber,
  vitamin_c: nullableNumber,
};

export const AI_UNIT_CONVERSION: Shape = {
  estimatedAmount: "number",
  confidence: "string",
  fromUnit: "string",
  fromAmount: "number",
  toUnit: "string",
};

export const BUMP_PHOTO: Shape = {
  id: "string",
  pregnancy_id: "string",
  week: "number",
  entry_date: "string",
  file_path: "string",
  notes: "string|null",
};

export const GESTATIONAL_AGE: Shape = {
  week: "number",
  day: "number",
  totalDays: "number",
  trimester: "number",
  daysRemaining: "number",
  progress: "number",
};

export const MEDICATION_DETAIL_FIELDS: Shape = {
  prescriber: "string|null",
  pharmacy: "string|null",
  rx_number: "string|null",
  ndc: "string|null",
  rxnorm_rxcui: "string|null",
};

export const SYMPTOM_ENTRY: Shape = {
  id: "string?",
  user_id: "string?",
  symptom_id: "string|null?",
  symptom_name_snapshot: "string",
  severity: "number",
  severity_label: "string|null",
  context_text: "string|null",
  bristol_type: "number|null",
  source: "string?",
  entry_date: "string",
  logged_at: "string?",
  notes: "string|null?",
};

// The app's DailyGoals (src/types/goals.ts): fibre is the one nutrient it requires.
export const DAILY_GOALS: Shape = {
  ...fieldsOf(MAIN_NUTRIENTS, "number"),
  ...fieldsOf(OPTIONAL_NUTRIENTS, "number?"),
  dietary_fiber: "number",
  water_goal_ml: "number?",
  target_exercise_calories_burned: "number?",
  target_exercise_duration_minutes: "number?",
  water_goal: "number",
  preset_name: "string|null",
  protein_percentage: "number|null",
  carbs_percentage: "number|null",
  fat_percentage: "number|null",
  breakfast_percentage: "number?",
  lunch_percentage: "number?",
  dinner_percentage: "number?",
  snacks_percentage: "number?",
  custom_nutrients: "object?",
  custom_meal_percentages: "object?",
};

// The app's DailySummaryApiResponse (src/services/api/dailySummaryApi.ts). This server
// leaves out the optional stepCalories, calorieBalance, supplementTotals and adjustedGoals:
// the app then works them out from the entries and goals (an older server's answer).
export const DAILY_SUMMARY: Shape = {
  goals: "object",
  foodEntries: "array",
  exerciseSessions: "array",
  waterIntake: "number",
  stepCalories: "number?",
  calorieBalance: "object?",
  supplementTotals: "object?",
  adjustedGoals: "object|null?",
};

export const FASTING_LOG: Shape = {
  id: "string",
  user_id: "string",
  start_time: "string",
  end_time: "string|null",
  target_end_time: "string|null",
  duration_minutes: "number|null",
  fasting_type: "string|null",
  status: "string|null",
  created_at: "string|null",
  updated_at: "string|null",
};

export const FASTING_STATS: Shape = {
  total_completed_fasts: "string|number|null",
  total_minutes_fasted: "string|number|null",
  average_duration_minutes: "string|number|null",
};

// The app's sign-in screen (src/services/api/authService.ts): AuthSettings. Its other
// declaration of the same answer (AuthSettingsResponse) makes trusted_origin optional.
export const AUTH_SETTINGS: Shape = {
  trusted_origin: "string|null?",
  email: "object",
  oidc: "object",
  signup_disabled: "boolean",
};
export const AUTH_SETTINGS_EMAIL: Shape = { enabled: "boolean" };
export const AUTH_SETTINGS_OIDC: Shape = {
  enabled: "boolean",
  // Each provider as the app reads it, {id, display_name, logo_url, auto_register}: checked
  // value by value with a provider configured in tests/auth/oidc-admin.test.ts.
  providers: "array",
  auto_redirect: "boolean?",
};
// What the app reads of a password sign-in and of mfa-factors.
export const SIGN_IN_ANSWER: Shape = { token: "string", user: "object" };
export const SIGN_IN_USER: Shape = { email: "string", role: "string?" };
export const MFA_FACTORS: Shape = { mfa_totp_enabled: "boolean", mfa_email_enabled: "boolean" };
