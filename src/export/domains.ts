/**
 * What a personal export holds: each domain's tables (one JSON file per domain), the
 * tabular ones also as CSV, and the tables left out on purpose. A table keyed by user_id
 * that is in neither list fails tests/export/export-domains.test.ts, so a new table gets a
 * decision instead of silently missing from exports (or leaking into them).
 */
export const EXPORT_DOMAINS: Record<string, readonly string[]> = {
  profile: [
    "user_profiles",
    "user_preferences",
    "user_custom_nutrients",
    "nutrient_display_preferences",
  ],
  foods: [
    "foods",
    "food_variants",
    "meals",
    "meal_foods",
    "meal_types",
    "meal_type_settings",
    "favorites",
    "meal_plan_templates",
    "meal_plan_template_assignments",
  ],
  diary: ["food_entry_meals", "food_entries", "nutrition_sync_entries"],
  goals: ["goal_presets", "user_goals", "weekly_goal_plans", "micronutrient_targets"],
  checkin: [
    "check_in_measurements",
    "check_in_photos",
    "custom_measurement_categories",
    "custom_measurement_entries",
  ],
  trackers: [
    "water_containers",
    "water_entries",
    "sleep_entries",
    "fasting_logs",
    "custom_moods",
    "mood_entries",
    "vitals_entries",
    "active_calories_entries",
  ],
  exercises: [
    "exercises",
    "exercise_entries",
    "exercise_entry_sets",
    "exercise_personal_records",
    "exercise_preset_entries",
    "workout_presets",
    "workout_preset_exercises",
    "workout_plan_templates",
    "workout_plan_template_assignments",
    "workout_gps_tracks",
    "workout_laps",
    "workout_hr_zones",
    "workout_sessions",
  ],
  health: ["health_metric_samples"],
  medications: [
    "medications",
    "medication_schedules",
    "medication_entries",
    "medication_pens",
    "medication_titration_steps",
    "injection_entries",
    "user_symptoms",
    "user_symptom_locations",
    "symptom_entries",
  ],
  cycle: ["cycle_settings", "cycles", "cycle_daily_entries", "cycle_test_entries"],
  pregnancy: [
    "pregnancies",
    "pregnancy_photos",
    "pregnancy_checklist_items",
    "pregnancy_contractions",
    "pregnancy_kick_sessions",
    "health_appointments",
  ],
  chat: ["chat_messages"],
};

/** Tables that read well in a spreadsheet: written as CSV too (the import reads the JSON). */
export const CSV_TABLES: ReadonlySet<string> = new Set([
  "food_entries",
  "check_in_measurements",
  "custom_measurement_entries",
  "exercise_entries",
  "exercise_entry_sets",
  "water_entries",
  "sleep_entries",
  "mood_entries",
  "vitals_entries",
  "fasting_logs",
  "medication_entries",
]);

/** Tables keyed by user_id that stay out, with why. */
export const NOT_EXPORTED: Record<string, string> = {
  api_keys: "credentials",
  sessions: "credentials",
  email_codes: "credentials",
  passkeys: "credentials bound to this server's origin",
  pending_sign_ins: "credentials",
  user_backup_codes: "credentials",
  user_second_factors: "credentials sealed with this server's key",
  oidc_links: "bound to this server's identity providers",
  auth_challenges: "short-lived sign-in state",
  provider_connections: "tokens sealed with this server's key",
  external_providers: "credentials sealed with this server's key",
  chat_user_settings: "an API key sealed with this server's key",
  chat_usage: "a rate-limit counter",
  exercise_import_jobs: "a background job",
  food_image_jobs: "a background job",
  provider_sync_jobs: "a background job",
  workout_track_documents: "a cache rebuilt from the GPS track",
  off_contributions: "the state of a publication to Open Food Facts",
  import_id_map: "this server's record of earlier imports",
  push_subscriptions: "bound to this server's VAPID key: a browser subscribes again",
  reminder_deliveries: "this server's record of reminders sent",
};

/** Every exported table with its domain, in the order of EXPORT_DOMAINS. */
export const EXPORTED_TABLES: ReadonlyMap<string, string> = new Map(
  Object.entries(EXPORT_DOMAINS).flatMap(([domain, tables]) =>
    tables.map((table) => [table, domain] as const),
  ),
);
