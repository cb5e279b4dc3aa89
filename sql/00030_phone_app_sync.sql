-- The phone app (issue 36): what its sync sends is kept, and the screens it reads find it.

-- Synced Nutrition records keep every nutrient the app's transformation sends, in the
-- diary's units (macros in g, minerals and vitamin C in mg, vitamin A in mcg).
alter table nutrition_sync_entries
  add column saturated_fat double precision,
  add column polyunsaturated_fat double precision,
  add column monounsaturated_fat double precision,
  add column trans_fat double precision,
  add column cholesterol double precision,
  add column sodium double precision,
  add column potassium double precision,
  add column dietary_fiber double precision,
  add column sugars double precision,
  add column vitamin_a double precision,
  add column vitamin_c double precision,
  add column calcium double precision,
  add column iron double precision;

-- What a phone or a wearable measured overnight besides the stages (null when not sent).
-- (sleep_score came with 00028.)
alter table sleep_entries
  add column average_spo2_value double precision check (average_spo2_value between 0 and 100),
  add column lowest_spo2_value double precision check (lowest_spo2_value between 0 and 100),
  add column highest_spo2_value double precision check (highest_spo2_value between 0 and 100),
  add column avg_overnight_hrv double precision check (avg_overnight_hrv >= 0);

-- Which nutrients a screen shows, per view group (diary, summary, ...) and platform.
create table nutrient_display_preferences (
  user_id uuid not null references users (id) on delete cascade,
  view_group text not null check (length(view_group) between 1 and 50),
  platform text not null check (platform in ('mobile', 'desktop')),
  visible_nutrients text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, view_group, platform)
);
select app_protect_user_table('nutrient_display_preferences', 'owner_only', 'profile');

-- A pregnancy's due-date basis takes the phone app's values: a date given by hand is
-- "manual" (was "given"), and one from an ultrasound "scan".
alter table pregnancies drop constraint pregnancies_due_date_basis_check;
update pregnancies set due_date_basis = 'manual' where due_date_basis = 'given';
alter table pregnancies add constraint pregnancies_due_date_basis_check
  check (due_date_basis in ('lmp', 'conception', 'manual', 'scan'));

-- Fields the phone app's medication and symptom screens read and write.
-- (prescriber, pharmacy and rx_number came with 00028.)
alter table medications
  add column ndc text check (length(ndc) <= 20),
  add column rxnorm_rxcui text check (length(rxnorm_rxcui) <= 20);
alter table symptom_entries
  add column severity_label text check (length(severity_label) <= 40),
  add column context_text text check (length(context_text) <= 2000),
  add column bristol_type smallint check (bristol_type between 1 and 7);

-- Settings the phone app and web client read, with that kind of server's defaults.
alter table user_preferences
  add column goal_mode text not null default 'maintain' check (length(goal_mode) between 1 and 50),
  add column goal_mode_calculation_method text not null default 'manual'
    check (length(goal_mode_calculation_method) between 1 and 50),
  add column goal_mode_custom_percentage integer not null default 0
    check (goal_mode_custom_percentage between -100 and 100),
  add column measurement_decimal_places integer not null default 0
    check (measurement_decimal_places between 0 and 4),
  add column add_exercise_water_to_goal boolean not null default false,
  -- time_format came with 00028; a new account starts with that server's default, 12 h.
  alter column time_format set default 'h:mm A';
