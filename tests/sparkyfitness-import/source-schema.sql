-- The tables of the established server (release 1.6.2) that the import reads, with the
-- columns and types of its published schema (../shared/reference/sparkyfitness-schema.md).
create table public."user" (
  id uuid primary key, email text not null, email_verified boolean not null default false,
  name text, created_at timestamp not null default now(), updated_at timestamp not null default now(),
  two_factor_enabled boolean, banned boolean, ban_reason text, ban_expires timestamptz, role text,
  mfa_email_enabled boolean, mfa_enforced boolean, magic_link_token text,
  magic_link_expires timestamptz, mfa_totp_enabled boolean, image text, last_login_at timestamptz
);
create table public.account (
  id uuid primary key default gen_random_uuid(), account_id text not null, provider_id text not null,
  user_id uuid not null, access_token text, refresh_token text, id_token text,
  access_token_expires_at timestamp, refresh_token_expires_at timestamp, scope text, password text,
  created_at timestamp not null default now(), updated_at timestamp not null default now()
);
create table public.profiles (
  id uuid primary key, full_name text, avatar_url text, created_at timestamptz, updated_at timestamptz,
  date_of_birth date, phone text, bio text, phone_number varchar(20), gender varchar(10)
);
create table public.user_preferences (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, date_format text not null,
  default_weight_unit text not null, default_measurement_unit text not null,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  timezone text, water_display_unit varchar(50), default_distance_unit varchar(20) not null,
  energy_unit varchar(4) not null
);
create table public.check_in_measurements (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, entry_date date not null,
  weight numeric, neck numeric, waist numeric, hips numeric, steps integer,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  height numeric, body_fat_percentage numeric, created_by_user_id uuid, updated_by_user_id uuid,
  muscle_mass_kg numeric(5,2), bone_mass_kg numeric(5,2), body_water_percentage numeric(5,2)
);
create table public.check_in_photos (
  id uuid primary key default gen_random_uuid(), user_id uuid not null,
  check_in_measurement_id uuid, entry_date date not null, photo_type varchar(5) not null,
  file_path text not null, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table public.custom_categories (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, name varchar(50) not null,
  measurement_type varchar(50) not null, frequency text not null,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  data_type text, display_name varchar(100)
);
create table public.custom_measurements (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, category_id uuid not null,
  value text not null, entry_date date not null, entry_hour integer,
  entry_timestamp timestamptz not null, created_at timestamptz not null default now(),
  updated_at timestamptz, notes text, source varchar(50) not null default 'manual'
);
create table public.water_intake_entries (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, entry_date date not null,
  water_ml numeric(10,3) not null, container_id integer, container_name varchar(255),
  source varchar(50) not null default 'manual', created_at timestamptz not null default now(),
  created_by_user_id uuid, logged_at timestamptz not null, source_id varchar(255)
);
create table public.sleep_entries (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, entry_date date not null,
  bedtime timestamptz not null, wake_time timestamptz not null, duration_in_seconds integer not null,
  time_asleep_in_seconds integer, sleep_score numeric, average_spo2_value numeric,
  lowest_spo2_value numeric, highest_spo2_value numeric, avg_overnight_hrv numeric, source varchar(50) not null default 'manual',
  created_at timestamptz, updated_at timestamptz, record_timezone text, record_utc_offset_minutes integer
);
create table public.sleep_entry_stages (
  id uuid primary key default gen_random_uuid(), entry_id uuid not null, user_id uuid not null,
  stage_type varchar(50) not null, start_time timestamptz not null, end_time timestamptz not null,
  duration_in_seconds integer not null, created_at timestamptz, updated_at timestamptz
);
create table public.mood_entries (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, mood_value integer not null,
  notes text, entry_date date not null, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(), mood_tags text[] not null default '{}'
);
create table public.fasting_logs (
  id uuid primary key default gen_random_uuid(), user_id uuid not null,
  start_time timestamptz not null, end_time timestamptz, target_end_time timestamptz,
  duration_minutes integer, fasting_type varchar(50), status varchar(20), created_at timestamptz,
  updated_at timestamptz
);
create table public.exercises (
  id uuid primary key default gen_random_uuid(), name text not null, category text,
  calories_per_hour numeric, user_id uuid, is_custom boolean, source varchar(50) not null default 'custom',
  modality text not null default 'duration'
);
create table public.exercise_entries (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, exercise_id uuid not null,
  duration_minutes numeric not null, calories_burned numeric not null, entry_date date, notes text,
  created_at timestamptz, updated_at timestamptz not null default now(),
  workout_plan_assignment_id integer, image_url text, created_by_user_id uuid, exercise_name text,
  calories_per_hour numeric, updated_by_user_id uuid, category text, source varchar(50),
  source_id varchar(255), force varchar(50), level varchar(50), mechanic varchar(50),
  equipment text, primary_muscles text, secondary_muscles text, instructions text, images text,
  distance numeric, avg_heart_rate numeric, exercise_preset_entry_id uuid, sort_order integer,
  steps integer, water_estimated integer, superset_group integer,
  entry_time time without time zone, modality text, max_heart_rate numeric,
  heart_rate_recovery_1min integer, avg_respiration_brpm numeric(5,2),
  max_respiration_brpm numeric(5,2), avg_speed_mps numeric(6,2), max_speed_mps numeric(6,2),
  avg_cadence numeric, max_cadence numeric, avg_power_watts numeric(6,2),
  max_power_watts numeric(6,2), normalized_power_watts numeric(6,2), tss_score numeric(6,2),
  intensity_factor numeric(4,3), ground_contact_time_ms numeric(5,1),
  vertical_oscillation_mm numeric(5,1), stride_length_cm numeric(5,1),
  avg_temperature_celsius numeric(4,1), max_temperature_celsius numeric(4,1),
  elevation_gain_meters numeric(7,2), elevation_loss_meters numeric(7,2), floors_climbed numeric,
  stroke_count integer, training_load numeric(6,2), aerobic_training_effect numeric(3,1),
  anaerobic_training_effect numeric(3,1), vo2_max_estimate numeric(4,1),
  moving_time_seconds integer, elapsed_time_seconds integer, work_time_seconds integer,
  resting_calories numeric(8,2), active_calories numeric(8,2), avg_moving_speed_mps numeric(6,2),
  min_elevation_meters numeric(7,2), max_elevation_meters numeric(7,2),
  weather_temp_celsius numeric(4,1), weather_condition text, weather_wind_speed_mps numeric(5,2),
  weather_humidity_percentage numeric(5,2), gear_name text, gear_external_id text
);
create table public.exercise_entry_sets (
  id serial primary key, exercise_entry_id uuid not null, set_number integer not null,
  set_type text, reps integer, weight numeric(10,2), duration integer, rest_time integer,
  notes text, rpe numeric(3,1), is_pr boolean not null default false, distance numeric
);
create table public.exercise_entry_gps_points (
  id uuid primary key default gen_random_uuid(), user_id uuid not null,
  exercise_entry_id uuid not null, entry_date date not null, points jsonb not null
);
create table public.exercise_entry_laps (
  id uuid primary key default gen_random_uuid(), user_id uuid not null,
  exercise_entry_id uuid not null, entry_date date not null, lap_index integer not null,
  start_time timestamptz not null, end_time timestamptz not null, duration_seconds integer not null,
  distance_meters numeric(10,2), calories numeric(8,2), avg_heart_rate numeric,
  max_heart_rate numeric, avg_respiration_brpm numeric(5,2), max_respiration_brpm numeric(5,2),
  avg_speed_mps numeric(6,2), max_speed_mps numeric(6,2), avg_cadence numeric,
  avg_power_watts numeric(6,2), elevation_gain_meters numeric(7,2),
  elevation_loss_meters numeric(7,2), created_at timestamptz, updated_at timestamptz
);
create table public.family_access (
  id uuid primary key default gen_random_uuid(), owner_user_id uuid not null,
  family_user_id uuid not null, family_email text not null, access_permissions jsonb not null,
  access_start_date timestamptz not null default now(), access_end_date timestamptz,
  is_active boolean not null default true, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(), status text
);
create table public.api_key (
  id text primary key, name text, key text not null, reference_id uuid not null, start text,
  created_at timestamptz, expires_at timestamptz, enabled boolean
);
create table public.external_data_providers (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, provider_name text not null,
  provider_type text not null, app_id text, app_key text, is_active boolean, created_at timestamptz,
  updated_at timestamptz, encrypted_app_id text, app_id_iv text, app_id_tag text,
  encrypted_app_key text, app_key_iv text, app_key_tag text, base_url text, sort_order integer,
  is_public boolean not null default false
);
create table public.meal_types (
  id uuid primary key default gen_random_uuid(), name text not null, user_id uuid, sort_order integer,
  created_at timestamptz, is_visible boolean not null default true, show_in_quick_log boolean,
  default_time time without time zone
);
create table public.user_custom_nutrients (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, name text not null,
  unit text not null, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(), aliases jsonb not null default '[]'
);
create table public.foods (
  id uuid primary key default gen_random_uuid(), user_id uuid, name text not null, brand text,
  barcode text, provider_external_id text, is_custom boolean, created_at timestamptz,
  updated_at timestamptz, shared_with_public boolean, provider_type text,
  is_quick_food boolean not null default false, provider_verified boolean not null default false,
  images jsonb not null default '[]'
);
create table public.food_variants (
  id uuid primary key default gen_random_uuid(), food_id uuid not null, serving_size numeric not null,
  serving_unit text not null, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(), calories numeric, protein numeric, carbs numeric,
  fat numeric, saturated_fat numeric, polyunsaturated_fat numeric, monounsaturated_fat numeric,
  trans_fat numeric, cholesterol numeric, sodium numeric, potassium numeric, dietary_fiber numeric,
  sugars numeric, vitamin_a numeric, vitamin_c numeric, calcium numeric, iron numeric,
  is_default boolean, glycemic_index text, custom_nutrients jsonb, source text not null default 'manual',
  ai_confidence text, allergens text[], traces text[]
);
create table public.meals (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, name varchar(255) not null,
  description text, is_public boolean, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(), shared_with_public boolean,
  serving_size numeric not null default 1, serving_unit text not null default 'serving',
  total_servings numeric not null default 1, images jsonb not null default '[]'
);
create table public.meal_foods (
  id uuid primary key default gen_random_uuid(), meal_id uuid not null, food_id uuid, variant_id uuid,
  quantity numeric not null, unit varchar(50) not null, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(), child_meal_id uuid,
  item_type varchar(50) not null default 'food'
);
create table public.food_entry_meals (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, meal_template_id uuid,
  entry_date date not null, name varchar(255) not null, description text, created_at timestamptz,
  updated_at timestamptz, created_by_user_id uuid not null, updated_by_user_id uuid not null,
  quantity numeric not null default 1, unit text, meal_type_id uuid not null,
  legacy_serving_unit_math boolean not null default false, entry_time time without time zone,
  images jsonb not null default '[]'
);
create table public.food_entries (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, food_id uuid,
  quantity numeric not null, unit text, entry_date date not null, created_at timestamptz default now(),
  variant_id uuid, meal_plan_template_id uuid, created_by_user_id uuid, food_name text, brand_name text,
  serving_size numeric, serving_unit text, calories numeric, protein numeric, carbs numeric, fat numeric,
  saturated_fat numeric, polyunsaturated_fat numeric, monounsaturated_fat numeric, trans_fat numeric,
  cholesterol numeric, sodium numeric, potassium numeric, dietary_fiber numeric, sugars numeric,
  vitamin_a numeric, vitamin_c numeric, calcium numeric, iron numeric, glycemic_index text,
  updated_by_user_id uuid, meal_id uuid, food_entry_meal_id uuid, custom_nutrients jsonb,
  meal_type_id uuid not null, allergens text[], traces text[], source varchar(50),
  source_id varchar(255), entry_time time without time zone, images jsonb not null default '[]'
);
create table public.food_favorites (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, food_id uuid, meal_id uuid,
  created_at timestamptz
);
create table public.user_goals (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, goal_date date,
  calories numeric, protein numeric, carbs numeric, fat numeric, created_at timestamptz,
  updated_at timestamptz, saturated_fat numeric, polyunsaturated_fat numeric,
  monounsaturated_fat numeric, trans_fat numeric, cholesterol numeric, sodium numeric,
  potassium numeric, dietary_fiber numeric, sugars numeric, vitamin_a numeric, vitamin_c numeric,
  calcium numeric, iron numeric, target_exercise_calories_burned numeric,
  target_exercise_duration_minutes integer, protein_percentage numeric, carbs_percentage numeric,
  fat_percentage numeric, breakfast_percentage numeric, lunch_percentage numeric,
  dinner_percentage numeric, snacks_percentage numeric, water_goal_ml numeric(10,3),
  custom_nutrients jsonb, custom_meal_percentages jsonb
);
create table public.medications (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, name text not null,
  display_name text, type_id varchar(50), route_id varchar(50), strength_value numeric,
  strength_unit varchar(20), dose_amount numeric, dose_unit varchar(20), reason_text text,
  color varchar(20), icon varchar(50), is_active boolean not null default true,
  is_quick boolean not null default false, is_glp1 boolean not null default false, notes text,
  source varchar(50) not null default 'manual', custom_fields jsonb not null default '{}',
  created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  is_supplement boolean not null default false, nutrients jsonb not null default '{}'
);
create table public.medication_entries (
  id uuid primary key default gen_random_uuid(), medication_id uuid, schedule_id uuid,
  user_id uuid not null, status varchar(20) not null, taken_at timestamptz not null,
  scheduled_for timestamptz, entry_date date not null, med_name_snapshot text,
  dose_amount_snapshot numeric, dose_unit_snapshot varchar(20), notes text,
  source varchar(50) not null default 'manual', custom_fields jsonb not null default '{}',
  created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  nutrients_snapshot jsonb
);
create table public.cycles (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, start_date date not null,
  end_date date, period_length smallint, cycle_length smallint, is_excluded boolean not null default false,
  source varchar(20) not null default 'manual', birth_control_method varchar(20),
  created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
create table public.cycle_daily_entries (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, entry_date date not null,
  flow_level varchar(20), product_usage jsonb not null default '{}', cervical_mucus varchar(20),
  unusual_discharge text[] not null default '{}', energy smallint, libido smallint, notes text,
  custom_fields jsonb not null default '{}', created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(), intercourse boolean, intercourse_protected boolean,
  cervical_position varchar(30)
);
create table public.workout_presets (
  id serial primary key, user_id uuid not null, name varchar(255) not null, description text,
  is_public boolean, created_at timestamptz, updated_at timestamptz
);
create table public.workout_preset_exercises (
  id serial primary key, workout_preset_id integer not null, exercise_id uuid not null,
  image_url text, created_at timestamptz, updated_at timestamptz, sort_order integer,
  superset_group integer
);
create table public.workout_preset_exercise_sets (
  id serial primary key, workout_preset_exercise_id integer not null, set_number integer not null,
  set_type text, reps integer, weight numeric(10,2), duration integer, rest_time integer, notes text,
  created_at timestamptz, updated_at timestamptz, distance numeric
);
create table public.workout_plan_templates (
  id serial primary key, user_id uuid not null, plan_name varchar(255) not null, description text,
  start_date date, end_date date, is_active boolean, created_at timestamptz, updated_at timestamptz
);
create table public.workout_plan_template_assignments (
  id serial primary key, template_id integer not null, day_of_week integer not null,
  workout_preset_id integer, exercise_id uuid, created_at timestamptz, updated_at timestamptz,
  sort_order integer
);
create table public.medication_schedules (
  id uuid primary key default gen_random_uuid(), medication_id uuid not null, user_id uuid not null,
  schedule_type_id varchar(50) not null, time_of_day time without time zone, dose_amount numeric,
  days_of_week integer[], interval_days integer, day_of_month integer, cycle_on_days integer,
  cycle_off_days integer, with_meal varchar(20), prn_reason text, prn_max_per_day integer,
  start_date date, end_date date, active boolean not null default true,
  source varchar(50) not null default 'manual', custom_fields jsonb not null default '{}',
  created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
create table public.medication_pens (
  id uuid primary key default gen_random_uuid(), medication_id uuid not null, user_id uuid not null,
  kind varchar(10) not null, label text, dose_mg numeric, concentration_mg_ml numeric,
  volume_ml numeric, doses_total integer, doses_used integer not null default 0,
  status varchar(20) not null default 'active', opened_at date, expiry_date date, bud_date date,
  reorder_flag boolean not null default false, reorder_threshold integer, notes text,
  source varchar(50) not null default 'manual', custom_fields jsonb not null default '{}',
  created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
create table public.injection_entries (
  id uuid primary key default gen_random_uuid(), medication_id uuid, user_id uuid not null,
  pen_id uuid, injected_at timestamptz not null, entry_date date not null, site varchar(40),
  dose_mg numeric, notes text, source varchar(50) not null default 'manual',
  custom_fields jsonb not null default '{}', created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table public.medication_titration_steps (
  id uuid primary key default gen_random_uuid(), medication_id uuid not null, user_id uuid not null,
  dose_mg numeric not null, dose_unit varchar(20) not null default 'mg', start_date date,
  planned_weeks integer, step_order integer not null, status varchar(20) not null default 'planned',
  is_taper boolean not null default false, note text, source varchar(50) not null default 'manual',
  custom_fields jsonb not null default '{}', created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table public.user_custom_symptoms (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, name text not null,
  display_name text, scale_type varchar(20) not null default '1-10', unit varchar(20),
  is_glp1_flagged boolean not null default false, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table public.user_custom_symptom_locations (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, name text not null,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
create table public.symptom_entries (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, medication_id uuid,
  symptom_id uuid, symptom_name_snapshot text not null, severity numeric,
  severity_label varchar(40), logged_at timestamptz not null, entry_date date not null,
  body_location varchar(60), context_text text, bristol_type smallint,
  source varchar(50) not null default 'manual', custom_fields jsonb not null default '{}',
  created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
create table public.vitals_entries (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, entry_date date not null,
  timestamp timestamptz not null, systolic_mmhg numeric(5,1), diastolic_mmhg numeric(5,1),
  blood_glucose_mgdl numeric(5,1), body_temperature_celsius numeric(4,2), meal_context text,
  source_provider text not null, device_name text, external_id text, created_at timestamptz,
  updated_at timestamptz
);
create table public.daily_health_metrics (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, entry_date date not null,
  source_provider text not null, device_name text, total_steps integer, step_goal integer,
  total_distance_meters numeric(10,2), floors_ascended integer, floors_descended integer,
  active_calories numeric(8,2), bmr_calories numeric(8,2), total_calories numeric(8,2),
  resting_heart_rate integer, vo2_max numeric(4,1), created_at timestamptz, updated_at timestamptz
);
create table public.health_metric_samples (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, metric text not null,
  entry_date date not null, source_provider text not null, device_name text,
  samples jsonb not null, created_at timestamptz, updated_at timestamptz
);
create table public.pregnancies (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, due_date date not null,
  due_date_basis varchar(20) not null default 'lmp', lmp_date date, conception_date date,
  fetus_count smallint not null default 1, status varchar(20) not null default 'active',
  ended_on date, outcome varchar(30), prenatal_medication_id uuid, supplement_medication_id uuid,
  notes text, created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
create table public.pregnancy_kick_sessions (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, pregnancy_id uuid not null,
  started_at timestamptz not null, ended_at timestamptz, kick_count smallint not null default 0,
  kick_times timestamptz[] not null default '{}', created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table public.pregnancy_contractions (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, pregnancy_id uuid not null,
  started_at timestamptz not null, ended_at timestamptz, intensity smallint,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
create table public.pregnancy_checklist_state (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, pregnancy_id uuid not null,
  template_key text, custom_title text, week smallint not null, completed_at timestamptz,
  dismissed boolean not null default false, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table public.health_appointments (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, pregnancy_id uuid,
  scheduled_at timestamptz not null, appointment_type varchar(50) not null, title text,
  location text, notes text, outcome jsonb not null default '{}',
  created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
create table public.pregnancy_photos (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, pregnancy_id uuid not null,
  week smallint not null, entry_date date not null, file_path text not null, notes text,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);

-- Columns and tables of release 1.6.2 (as in ../shared/fixtures/sparkyfitness-1.6.2-real)
-- that the import reads for each domain's details.
alter table public.exercises
  add column if not exists created_at timestamptz default now(), add column if not exists description text,
  add column if not exists force varchar(50), add column if not exists level varchar(50), add column if not exists mechanic varchar(50),
  add column if not exists equipment text, add column if not exists primary_muscles text, add column if not exists secondary_muscles text,
  add column if not exists instructions text, add column if not exists images text;
alter table public.exercise_entries
  add column if not exists exercise_preset_entry_id uuid, add column if not exists sort_order integer default 0;
alter table public.exercise_entry_sets
  add column if not exists rest_time integer, add column if not exists notes text, add column if not exists rpe numeric(3,1),
  add column if not exists distance numeric;
alter table public.medications
  add column if not exists prescriber text, add column if not exists pharmacy text, add column if not exists rx_number text,
  add column if not exists rxnorm_rxcui varchar(20), add column if not exists ndc varchar(20),
  add column if not exists effectiveness_rating smallint;
alter table public.sleep_entries add column if not exists sleep_score numeric, add column if not exists source varchar(50);
create table if not exists public.exercise_entry_activity_details (
  id uuid primary key default gen_random_uuid(), exercise_entry_id uuid, provider_name text not null,
  detail_type text not null, detail_data jsonb not null, created_at timestamptz default now()
);
create table if not exists public.exercise_preset_entries (
  id uuid primary key default gen_random_uuid(), user_id uuid not null, workout_preset_id integer,
  name varchar(255) not null, description text, entry_date date not null, notes text,
  source text not null default 'manual'
);
create table if not exists public.workout_plan_assignment_sets (
  id serial primary key, assignment_id integer not null, set_number integer not null,
  set_type text, reps integer, weight numeric(10,2), duration integer, rest_time integer, notes text
);
create table if not exists public.medication_types (
  id varchar(50) primary key, display_name text not null, is_injectable boolean not null default false
);
create table if not exists public.medication_schedule_types (id varchar(50) primary key, display_name text not null);
