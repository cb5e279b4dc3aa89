-- Workouts: the exercise library, exercise entries with their telemetry summary, sets,
-- and the telemetry stores (GPS tracks, laps, heart-rate zones, metric samples).
--
-- Series are stored as typed per-channel arrays (one row per workout for GPS, one row per
-- user, day, metric and source for samples) rather than one row per point: a 2,000-point
-- workout is then a handful of rows, which keeps ingest fast. README "Workouts and
-- telemetry" shows how to unnest them with SQL.

create table exercises (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  modality text not null check (modality in ('distance', 'duration', 'strength')),
  created_at timestamptz not null default now(),
  unique (user_id, name)
);
select app_protect_table('exercises');
create policy exercises_owner on exercises to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_diary'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_diary'));
create policy exercises_library_view on exercises for select to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_view_exercise_library'));
grant select, insert, update, delete on exercises to fitness_app;

create table exercise_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  exercise_id uuid not null references exercises (id),
  activity_type text,
  entry_date date not null,
  -- Wall-clock start in record_timezone; start_time is the instant.
  entry_time time,
  start_time timestamptz,
  end_time timestamptz,
  record_timezone text,
  duration_seconds double precision check (duration_seconds >= 0),
  calories_burned double precision,
  -- Kilometres.
  distance double precision check (distance >= 0),
  title text,
  notes text,
  source text not null default 'manual',
  source_id text,
  raw_data jsonb,
  avg_heart_rate double precision,
  max_heart_rate double precision,
  avg_speed_mps double precision,
  max_speed_mps double precision,
  avg_cadence double precision,
  max_cadence double precision,
  avg_power_watts double precision,
  max_power_watts double precision,
  elevation_gain_meters double precision,
  elevation_loss_meters double precision,
  min_elevation_meters double precision,
  max_elevation_meters double precision,
  floors_climbed double precision,
  stroke_count double precision,
  moving_time_seconds double precision,
  elapsed_time_seconds double precision,
  active_calories double precision,
  ground_contact_time_ms double precision,
  vertical_oscillation_mm double precision,
  stride_length_cm double precision,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- A synced workout is identified by (user, source, source_id); without a source_id, by
-- (user, source, start, activity type). Ingest upserts on these, so ids survive re-syncs.
create unique index exercise_entries_source_id_key
  on exercise_entries (user_id, source, source_id) where source_id is not null;
create unique index exercise_entries_source_start_key
  on exercise_entries (user_id, source, start_time, activity_type)
  where source_id is null and activity_type is not null;
create index exercise_entries_user_date_idx on exercise_entries (user_id, entry_date);
select app_protect_table('exercise_entries');
create policy exercise_entries_owner on exercise_entries to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_diary'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_diary'));
grant select, insert, update, delete on exercise_entries to fitness_app;

create table exercise_entry_sets (
  id uuid primary key default gen_random_uuid(),
  exercise_entry_id uuid not null references exercise_entries (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  set_number integer not null,
  set_type text,
  duration_seconds double precision,
  reps integer,
  weight double precision
);
create index exercise_entry_sets_entry_idx on exercise_entry_sets (exercise_entry_id);
select app_protect_table('exercise_entry_sets');
create policy exercise_entry_sets_owner on exercise_entry_sets to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_diary'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_diary'));
grant select, insert, update, delete on exercise_entry_sets to fitness_app;

-- One row per workout. Element i of every array is point i; a channel the device did not
-- record is null, a missing value inside a channel is a null element.
create table workout_gps_tracks (
  exercise_entry_id uuid primary key references exercise_entries (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  base_time timestamptz not null,
  -- Milliseconds after base_time.
  t_offset_ms integer[] not null,
  lat double precision[] not null,
  lon double precision[] not null,
  alt real[],
  speed real[],
  hr real[],
  cad real[],
  power real[],
  dist double precision[],
  hacc real[],
  vacc real[],
  course real[]
);
-- Float arrays barely compress; storing them uncompressed saves the CPU of trying on every write.
alter table workout_gps_tracks
  alter column t_offset_ms set storage external, alter column lat set storage external,
  alter column lon set storage external, alter column alt set storage external,
  alter column speed set storage external, alter column hr set storage external,
  alter column cad set storage external, alter column power set storage external,
  alter column dist set storage external, alter column hacc set storage external,
  alter column vacc set storage external, alter column course set storage external;
select app_protect_table('workout_gps_tracks');
create policy workout_gps_tracks_owner on workout_gps_tracks to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on workout_gps_tracks to fitness_app;

create table workout_laps (
  exercise_entry_id uuid not null references exercise_entries (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  lap_index integer not null,
  start_time timestamptz not null,
  end_time timestamptz not null,
  duration_seconds double precision not null,
  distance_meters double precision,
  avg_heart_rate double precision,
  max_heart_rate double precision,
  avg_speed_mps double precision,
  max_speed_mps double precision,
  avg_cadence double precision,
  max_cadence double precision,
  avg_power_watts double precision,
  max_power_watts double precision,
  elevation_gain_meters double precision,
  elevation_loss_meters double precision
);
-- Not unique: a re-sync deletes and inserts the laps in one statement.
create index workout_laps_entry_idx on workout_laps (exercise_entry_id);
select app_protect_table('workout_laps');
create policy workout_laps_owner on workout_laps to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on workout_laps to fitness_app;

create table workout_hr_zones (
  exercise_entry_id uuid not null references exercise_entries (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  zone integer not null check (zone between 1 and 5),
  min_bpm integer not null,
  -- Null for the top zone, which is open-ended.
  max_bpm integer,
  seconds double precision not null,
  max_heart_rate integer not null
);
create index workout_hr_zones_entry_idx on workout_hr_zones (exercise_entry_id);
select app_protect_table('workout_hr_zones');
create policy workout_hr_zones_owner on workout_hr_zones to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on workout_hr_zones to fitness_app;

-- One row per user, calendar day (in the zone of the record that wrote it), metric and
-- source, merged on write. Sample i is at base_time + t_offset_ms[i] (base_time is
-- midnight UTC of sample_date) with value[i]; offsets are sorted and unique.
create table health_metric_samples (
  user_id uuid not null references users (id) on delete cascade,
  metric text not null,
  source text not null,
  sample_date date not null,
  base_time timestamptz not null,
  t_offset_ms integer[] not null,
  value real[] not null,
  -- Workouts whose samples were merged into this row.
  exercise_entry_ids uuid[] not null default '{}',
  updated_at timestamptz not null default now(),
  primary key (user_id, metric, source, sample_date)
);
alter table health_metric_samples
  alter column t_offset_ms set storage external, alter column value set storage external;
select app_protect_table('health_metric_samples');
create policy health_metric_samples_owner on health_metric_samples to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on health_metric_samples to fitness_app;
