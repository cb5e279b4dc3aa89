import m00001 from "../../sql/00001_init.sql" with { type: "text" };
import m00002 from "../../sql/00002_sessions_and_api_keys.sql" with { type: "text" };
import m00003 from "../../sql/00003_check_in_measurements.sql" with { type: "text" };
import m00004 from "../../sql/00004_accounts.sql" with { type: "text" };
import m00005 from "../../sql/00005_check_in_photos.sql" with { type: "text" };
import m00006 from "../../sql/00006_health_data.sql" with { type: "text" };
import m00007 from "../../sql/00007_workouts.sql" with { type: "text" };
import m00008 from "../../sql/00008_family_access.sql" with { type: "text" };
import m00009 from "../../sql/00009_user_preferences.sql" with { type: "text" };
import m00010 from "../../sql/00010_second_factors.sql" with { type: "text" };
import m00011 from "../../sql/00011_foods_and_diary.sql" with { type: "text" };
import m00012 from "../../sql/00012_exercise_library.sql" with { type: "text" };
import m00013 from "../../sql/00013_trackers_and_goals.sql" with { type: "text" };
import m00014 from "../../sql/00014_medications.sql" with { type: "text" };
import m00015 from "../../sql/00015_cycle_and_pregnancy.sql" with { type: "text" };
import m00016 from "../../sql/00016_backup_runs.sql" with { type: "text" };
import m00017 from "../../sql/00017_workout_track_documents.sql" with { type: "text" };
import m00018 from "../../sql/00018_chat.sql" with { type: "text" };
import m00019 from "../../sql/00019_food_providers.sql" with { type: "text" };
import m00020 from "../../sql/00020_passkey_and_oidc_sign_in.sql" with { type: "text" };
import m00021 from "../../sql/00021_provider_sync.sql" with { type: "text" };
import m00022 from "../../sql/00022_assistant_for_family_members.sql" with { type: "text" };
import m00023 from "../../sql/00023_sparkyfitness_import_jobs.sql" with { type: "text" };
import m00024 from "../../sql/00024_provider_account_notifications.sql" with { type: "text" };
import m00025 from "../../sql/00025_import_id_map.sql" with { type: "text" };
import m00026 from "../../sql/00026_key_scopes_and_credential_notices.sql" with { type: "text" };
import m00027 from "../../sql/00027_sparkyfitness_accounts.sql" with { type: "text" };
import m00028 from "../../sql/00028_sparkyfitness_domains.sql" with { type: "text" };
import m00029 from "../../sql/00029_exercise_app_shapes.sql" with { type: "text" };
import m00030 from "../../sql/00030_phone_app_sync.sql" with { type: "text" };
import m00031 from "../../sql/00031_unlogged_rate_limit_counters.sql" with { type: "text" };
import m00032 from "../../sql/00032_medication_pen_details_and_rating.sql" with { type: "text" };
import m00033 from "../../sql/00033_habit_reminders.sql" with { type: "text" };
import m00034 from "../../sql/00034_phone_app_contract.sql" with { type: "text" };
import m00035 from "../../sql/00035_backup_run_leases.sql" with { type: "text" };
import m00036 from "../../sql/00036_workout_sessions.sql" with { type: "text" };
import m00037 from "../../sql/00037_activity_file_segments_and_matching.sql" with { type: "text" };
import m00038 from "../../sql/00038_default_exercise_databases.sql" with { type: "text" };
import m00039 from "../../sql/00039_idempotency_keys.sql" with { type: "text" };
import m00040 from "../../sql/00040_builtin_food_catalogue.sql" with { type: "text" };
import m00041 from "../../sql/00041_reminders.sql" with { type: "text" };
import m00042 from "../../sql/00042_device_lap_figures.sql" with { type: "text" };
import m00043 from "../../sql/00043_entry_photos_and_avatars.sql" with { type: "text" };
import m00044 from "../../sql/00044_workout_device_figures.sql" with { type: "text" };
import m00045 from "../../sql/00045_per_person_settings.sql" with { type: "text" };
import m00046 from "../../sql/00046_metric_sample_status.sql" with { type: "text" };
import m00047 from "../../sql/00047_hidden_exercises.sql" with { type: "text" };
import m00048 from "../../sql/00048_empty_nutrients_and_swiss_food.sql" with { type: "text" };
import m00049 from "../../sql/00049_sparkyfitness_answers.sql" with { type: "text" };

export type Migration = { version: number; name: string; sql: string };

// Listed explicitly so the compiled binary embeds each file; a test checks this list
// matches the sql/ directory.
export const migrations: Migration[] = [
  { version: 1, name: "00001_init", sql: m00001 },
  { version: 2, name: "00002_sessions_and_api_keys", sql: m00002 },
  { version: 3, name: "00003_check_in_measurements", sql: m00003 },
  { version: 4, name: "00004_accounts", sql: m00004 },
  { version: 5, name: "00005_check_in_photos", sql: m00005 },
  { version: 6, name: "00006_health_data", sql: m00006 },
  { version: 7, name: "00007_workouts", sql: m00007 },
  { version: 8, name: "00008_family_access", sql: m00008 },
  { version: 9, name: "00009_user_preferences", sql: m00009 },
  { version: 10, name: "00010_second_factors", sql: m00010 },
  { version: 11, name: "00011_foods_and_diary", sql: m00011 },
  { version: 12, name: "00012_exercise_library", sql: m00012 },
  { version: 13, name: "00013_trackers_and_goals", sql: m00013 },
  { version: 14, name: "00014_medications", sql: m00014 },
  { version: 15, name: "00015_cycle_and_pregnancy", sql: m00015 },
  { version: 16, name: "00016_backup_runs", sql: m00016 },
  { version: 17, name: "00017_workout_track_documents", sql: m00017 },
  { version: 18, name: "00018_chat", sql: m00018 },
  { version: 19, name: "00019_food_providers", sql: m00019 },
  { version: 20, name: "00020_passkey_and_oidc_sign_in", sql: m00020 },
  { version: 21, name: "00021_provider_sync", sql: m00021 },
  { version: 22, name: "00022_assistant_for_family_members", sql: m00022 },
  { version: 23, name: "00023_sparkyfitness_import_jobs", sql: m00023 },
  { version: 24, name: "00024_provider_account_notifications", sql: m00024 },
  { version: 25, name: "00025_import_id_map", sql: m00025 },
  { version: 26, name: "00026_key_scopes_and_credential_notices", sql: m00026 },
  { version: 27, name: "00027_sparkyfitness_accounts", sql: m00027 },
  { version: 28, name: "00028_sparkyfitness_domains", sql: m00028 },
  { version: 29, name: "00029_exercise_app_shapes", sql: m00029 },
  { version: 30, name: "00030_phone_app_sync", sql: m00030 },
  { version: 31, name: "00031_unlogged_rate_limit_counters", sql: m00031 },
  { version: 32, name: "00032_medication_pen_details_and_rating", sql: m00032 },
  { version: 33, name: "00033_habit_reminders", sql: m00033 },
  { version: 34, name: "00034_phone_app_contract", sql: m00034 },
  { version: 35, name: "00035_backup_run_leases", sql: m00035 },
  { version: 36, name: "00036_workout_sessions", sql: m00036 },
  { version: 37, name: "00037_activity_file_segments_and_matching", sql: m00037 },
  { version: 38, name: "00038_default_exercise_databases", sql: m00038 },
  { version: 39, name: "00039_idempotency_keys", sql: m00039 },
  { version: 40, name: "00040_builtin_food_catalogue", sql: m00040 },
  { version: 41, name: "00041_reminders", sql: m00041 },
  { version: 42, name: "00042_device_lap_figures", sql: m00042 },
  { version: 43, name: "00043_entry_photos_and_avatars", sql: m00043 },
  { version: 44, name: "00044_workout_device_figures", sql: m00044 },
  { version: 45, name: "00045_per_person_settings", sql: m00045 },
  { version: 46, name: "00046_metric_sample_status", sql: m00046 },
  { version: 47, name: "00047_hidden_exercises", sql: m00047 },
  { version: 48, name: "00048_empty_nutrients_and_swiss_food", sql: m00048 },
  { version: 49, name: "00049_sparkyfitness_answers", sql: m00049 },
];
