import { z } from "@hono/zod-openapi";
import { timeZone } from "../lib/time-zone.ts";
import { REMINDER_KINDS } from "../reminders/kinds.ts";

const setting = z.string().trim().min(1).max(50);
const timeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time of day as HH:MM.")
  .nullable()
  .openapi({ example: "20:00" });
const reminderKinds = z
  .array(z.enum(REMINDER_KINDS))
  .refine((kinds) => new Set(kinds).size === kinds.length, "Name each reminder once.")
  .openapi({ example: ["meal", "medication"] });
const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);

/**
 * The settings stored in user_preferences, named as the phone app and web client name them.
 * Units and the time zone are not here: they are the profile's (one value each).
 */
export const storedFields = {
  date_format: z.string().trim().min(1).max(20).openapi({ example: "YYYY-MM-DD" }),
  water_display_unit: z.enum(["ml", "oz", "liter"]),
  bmr_algorithm: setting,
  body_fat_algorithm: setting,
  fat_breakdown_algorithm: setting,
  mineral_calculation_algorithm: setting,
  vitamin_calculation_algorithm: setting,
  sugar_calculation_algorithm: setting,
  include_bmr_in_net_calories: z.boolean(),
  use_external_bmr: z.boolean(),
  show_net_carbs: z.boolean(),
  calorie_goal_adjustment_mode: setting,
  exercise_calorie_percentage: wholeNumber(0, 100),
  activity_level: setting,
  tdee_allow_negative_adjustment: z.boolean(),
  calorie_safety_floor_mode: setting,
  calorie_safety_floor_value: wholeNumber(0, 10000),
  auto_scale_open_food_facts_imports: z.boolean(),
  auto_scale_online_imports: z.boolean(),
  barcode_fallback_open_food_facts: z.boolean(),
  default_food_data_provider_id: z.uuid().nullable(),
  default_barcode_provider_id: z.uuid().nullable(),
  auto_clear_history: setting,
  logging_level: setting,
  item_display_limit: wholeNumber(1, 1000),
  language: z.string().trim().min(2).max(10),
  first_day_of_week: wholeNumber(0, 6).describe("0 is Sunday"),
  ai_assisted_conversions: z.boolean(),
  goal_mode: setting.openapi({ example: "maintain" }),
  goal_mode_calculation_method: setting.openapi({ example: "manual" }),
  goal_mode_custom_percentage: wholeNumber(-100, 100),
  time_format: z.string().trim().min(1).max(20).openapi({ example: "h:mm A" }),
  measurement_decimal_places: wholeNumber(0, 4),
  add_exercise_water_to_goal: z.boolean(),
  meal_reminder_time: timeOfDay.describe("After this time the web client reminds to log meals"),
  weigh_in_reminder_time: timeOfDay.describe("After this time the web client reminds to weigh in"),
  water_reminder_time: timeOfDay.describe(
    "At this time, a reminder when the day's water is behind its goal",
  ),
  reminder_email: z.boolean().describe("Reminders also by email (when the server has SMTP)"),
  reminder_push_kinds: reminderKinds.describe("The reminders sent to subscribed browsers"),
  reminder_email_kinds: reminderKinds.describe("The reminders sent by email"),
  quiet_hours_start: timeOfDay.describe("No reminder from this time (local)…"),
  quiet_hours_end: timeOfDay.describe("…until this one; held-back reminders follow then"),
};

/** The profile's values under the preference names the app uses. */
export const profileFields = {
  default_weight_unit: z.enum(["kg", "lbs", "st_lbs"]),
  default_distance_unit: z.enum(["km", "miles"]),
  default_measurement_unit: z.enum(["cm", "inches", "ft_in"]),
  energy_unit: z.enum(["kcal", "kJ"]),
  timezone: timeZone.describe("The profile's time zone: the same value"),
};

export const STORED_COLUMNS = Object.keys(storedFields) as (keyof typeof storedFields)[];

export const preferencesSchema = z
  .object({ ...storedFields, ...profileFields })
  .openapi("UserPreferences");

// Unknown keys are dropped rather than refused: clients send back whole objects they read
// (with ids and timestamps), and fields this server does not keep.
export const preferencesUpdate = preferencesSchema.partial().openapi("UserPreferencesUpdate");

export const bootstrapBody = z.object({ timezone: timeZone });

export type Preferences = z.infer<typeof preferencesSchema>;
export type PreferencesUpdate = z.infer<typeof preferencesUpdate>;
