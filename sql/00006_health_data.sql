-- Stores for the non-workout records that phones sync through POST /api/health-data.
-- Every synced row carries `source` and a `source_key` that identifies it within that
-- source, so a re-sync upserts in place instead of adding a copy (see README,
-- "Health-data sync", for how each type builds its key).

create table water_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entry_date date not null,
  water_ml double precision not null check (water_ml >= 0),
  logged_at timestamptz,
  source text not null,
  source_key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, source, source_key)
);
create index water_entries_day on water_entries (user_id, entry_date);
select app_protect_table('water_entries');
-- Water belongs to the diary in the family-sharing permission table.
create policy water_entries_owner on water_entries to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_diary'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_diary'));
grant select, insert, update, delete on water_entries to fitness_app;

-- One figure per day and source: phones send the day's running total, so a re-sync replaces it.
create table active_calories_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entry_date date not null,
  calories double precision not null check (calories >= 0),
  source text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, entry_date, source)
);
select app_protect_table('active_calories_entries');
create policy active_calories_entries_owner on active_calories_entries to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on active_calories_entries to fitness_app;

-- Names are matched case-sensitively: "HRV" and "hrv" are two categories.
create table custom_measurement_categories (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  measurement_type text not null default 'numeric',
  created_at timestamptz not null default now(),
  unique (user_id, name)
);
select app_protect_table('custom_measurement_categories');
create policy custom_measurement_categories_owner on custom_measurement_categories to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on custom_measurement_categories to fitness_app;

create table custom_measurement_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  category_id uuid not null references custom_measurement_categories (id) on delete cascade,
  entry_date date not null,
  -- Hour of entry (0-23) in the record's zone, and the instant; null for a plain date.
  entry_hour smallint check (entry_hour between 0 and 23),
  entry_timestamp timestamptz,
  value double precision not null,
  source text not null,
  source_key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (category_id, source, source_key)
);
create index custom_measurement_entries_day on custom_measurement_entries (user_id, entry_date);
select app_protect_table('custom_measurement_entries');
create policy custom_measurement_entries_owner on custom_measurement_entries to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on custom_measurement_entries to fitness_app;

create table sleep_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  -- The day of waking in the record's zone, unless the record gave a plain date.
  entry_date date not null,
  bedtime timestamptz not null,
  wake_time timestamptz not null check (wake_time >= bedtime),
  duration_seconds integer not null check (duration_seconds >= 0),
  -- [{stage, start_time, end_time}], stage one of awake, rem, light, deep, in_bed, unknown.
  stage_events jsonb not null default '[]',
  record_timezone text not null,
  source text not null,
  source_key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, source, source_key)
);
create index sleep_entries_day on sleep_entries (user_id, entry_date);
select app_protect_table('sleep_entries');
create policy sleep_entries_owner on sleep_entries to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on sleep_entries to fitness_app;

create table mood_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entry_date date not null,
  mood_value double precision not null,
  notes text,
  logged_at timestamptz,
  source text not null,
  source_key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, source, source_key)
);
create index mood_entries_day on mood_entries (user_id, entry_date);
select app_protect_table('mood_entries');
create policy mood_entries_owner on mood_entries to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on mood_entries to fitness_app;

-- Food eaten as recorded by a phone's health store: a minimal diary of synced nutrition,
-- kept apart from the food diary proper, which links to foods the user manages.
create table nutrition_sync_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entry_date date not null,
  meal_type text,
  food_name text,
  calories double precision,
  protein_g double precision,
  carbs_g double precision,
  fat_g double precision,
  logged_at timestamptz,
  source text not null,
  source_id text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, source, source_id)
);
create index nutrition_sync_entries_day on nutrition_sync_entries (user_id, entry_date);
select app_protect_table('nutrition_sync_entries');
create policy nutrition_sync_entries_owner on nutrition_sync_entries to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_diary'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_diary'));
grant select, insert, update, delete on nutrition_sync_entries to fitness_app;
