-- The daily trackers (water containers, fasting, vitals, moods, custom measurements) and
-- the goal timeline with presets and weekly plans. Water, sleep, mood and custom entries
-- already exist (00006) because phones sync them; this migration adds what manual entry
-- and the trackers' screens need. Permissions follow the spec's table: water and goal
-- plans are diary data, the rest check-in data.

create table water_containers (
  -- An integer id: the phone app declares WaterContainer.id as a number.
  id integer generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  -- In `unit` (ml, l, oz); volume_ml is what logging adds per container.
  volume double precision not null check (volume > 0),
  unit text not null default 'ml' check (unit in ('ml', 'l', 'oz')),
  is_primary boolean not null default false,
  servings_per_container integer not null default 1 check (servings_per_container >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index water_containers_user on water_containers (user_id);
-- At most one primary container per person.
create unique index water_containers_primary on water_containers (user_id) where is_primary;
select app_protect_user_table('water_containers', 'can_manage_diary');

alter table water_entries
  add column container_id integer references water_containers (id) on delete set null,
  add column container_name text;

create table fasting_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  start_time timestamptz not null,
  end_time timestamptz check (end_time >= start_time),
  target_end_time timestamptz,
  duration_minutes integer check (duration_minutes >= 0),
  fasting_type text,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'COMPLETED', 'CANCELLED')),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index fasting_logs_user_start on fasting_logs (user_id, start_time desc);
-- One fast at a time: starting a second one while one runs is refused by the database too.
create unique index fasting_logs_one_active on fasting_logs (user_id) where status = 'ACTIVE';
select app_protect_user_table('fasting_logs', 'can_manage_checkin');

alter table mood_entries add column mood_tags text[] not null default '{}';

create table custom_moods (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 50),
  display_name text,
  icon text,
  color text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, name)
);
select app_protect_user_table('custom_moods', 'can_manage_checkin');

create table vitals_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entry_date date not null,
  measured_at timestamptz not null,
  systolic_mmhg double precision check (systolic_mmhg between 40 and 300),
  diastolic_mmhg double precision check (diastolic_mmhg between 20 and 200),
  pulse_bpm double precision check (pulse_bpm between 20 and 300),
  blood_glucose_mgdl double precision check (blood_glucose_mgdl between 10 and 1000),
  body_temperature_celsius double precision check (body_temperature_celsius between 25 and 45),
  spo2_percent double precision check (spo2_percent between 50 and 100),
  meal_context text,
  notes text,
  source text not null default 'manual',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index vitals_entries_day on vitals_entries (user_id, entry_date);
select app_protect_user_table('vitals_entries', 'can_manage_checkin');

-- Categories made on a phone (through health-data) get the defaults; people edit them later.
alter table custom_measurement_categories
  add column display_name text,
  add column unit text,
  -- 'All' keeps every entry, 'Daily' one per day, 'Hourly' one per hour (manual entries).
  add column frequency text not null default 'All' check (frequency in ('All', 'Daily', 'Hourly')),
  add column data_type text not null default 'numeric' check (data_type in ('numeric', 'text')),
  add column updated_at timestamptz not null default now();

-- Text categories carry text_value instead of value.
alter table custom_measurement_entries
  alter column value drop not null,
  add column text_value text,
  add column notes text,
  add constraint custom_measurement_entries_has_value
    check (value is not null or text_value is not null);
create index custom_measurement_entries_category_day
  on custom_measurement_entries (category_id, entry_date);

-- Goal values shared by the timeline and the presets. Macros in grams, or in percent of
-- calories when the *_percentage columns are set.
create function app_goal_columns() returns text
  language sql immutable
  as $$ select 'calories double precision, protein double precision, carbs double precision, fat double precision,
    saturated_fat double precision, polyunsaturated_fat double precision, monounsaturated_fat double precision,
    trans_fat double precision, cholesterol double precision, sodium double precision, potassium double precision,
    dietary_fiber double precision, sugars double precision, vitamin_a double precision, vitamin_c double precision,
    calcium double precision, iron double precision, water_goal_ml double precision, steps integer,
    target_weight double precision, target_exercise_calories_burned double precision,
    target_exercise_duration_minutes double precision, protein_percentage double precision,
    carbs_percentage double precision, fat_percentage double precision, breakfast_percentage double precision,
    lunch_percentage double precision, dinner_percentage double precision, snacks_percentage double precision,
    custom_nutrients jsonb, custom_meal_percentages jsonb' $$;

-- A goal holds from goal_date until the next row's date.
do $$ begin
  execute format('create table user_goals (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    goal_date date not null,
    %s,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (user_id, goal_date))', app_goal_columns());
  execute format('create table goal_presets (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    preset_name text not null check (length(preset_name) between 1 and 255),
    %s,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now())', app_goal_columns());
end $$;
drop function app_goal_columns();
create index goal_presets_user on goal_presets (user_id);
select app_protect_user_table('user_goals', 'can_manage_diary');
select app_protect_user_table('goal_presets', 'can_manage_diary');

-- While active and in its date range, a plan's weekday preset wins over the timeline.
create table weekly_goal_plans (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  plan_name text not null check (length(plan_name) between 1 and 255),
  start_date date not null,
  end_date date check (end_date >= start_date),
  is_active boolean not null default true,
  monday_preset_id uuid references goal_presets (id) on delete set null,
  tuesday_preset_id uuid references goal_presets (id) on delete set null,
  wednesday_preset_id uuid references goal_presets (id) on delete set null,
  thursday_preset_id uuid references goal_presets (id) on delete set null,
  friday_preset_id uuid references goal_presets (id) on delete set null,
  saturday_preset_id uuid references goal_presets (id) on delete set null,
  sunday_preset_id uuid references goal_presets (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index weekly_goal_plans_user on weekly_goal_plans (user_id, start_date);
select app_protect_user_table('weekly_goal_plans', 'can_manage_diary');
