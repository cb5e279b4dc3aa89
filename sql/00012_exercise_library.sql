-- Exercise library, manual strength and cardio entries, logged sessions, presets, weekly
-- plans, personal records and activity-file import jobs (issue 12).
--
-- The catalogue shipped in the binary lives in `exercises` with user_id null: every user
-- reads it, nobody but the owner connection (which installs it) writes it. A user's custom
-- and imported exercises keep their user_id and the family policies of sql/00008.

alter table exercises alter column user_id drop not null;
alter table exercises
  add column category text,
  add column equipment text[] not null default '{}',
  add column primary_muscles text[] not null default '{}',
  add column secondary_muscles text[] not null default '{}',
  -- Metabolic equivalent: kcal per kg of body weight per hour.
  add column met double precision check (met > 0 and met < 30),
  add column instructions text[] not null default '{}',
  add column description text,
  add column force text,
  add column level text,
  add column mechanic text,
  add column images text[] not null default '{}',
  add column tags text[] not null default '{}',
  -- 'catalogue', 'custom', 'sync' (made by a phone workout), 'free-exercise-db', 'wger'.
  add column source text not null default 'sync',
  add column source_id text,
  add column updated_at timestamptz not null default now();
create unique index exercises_catalogue_key on exercises (source_id)
  where user_id is null and source = 'catalogue';
create unique index exercises_user_source_key on exercises (user_id, source, source_id)
  where user_id is not null and source_id is not null;
create index exercises_name_search_idx on exercises (lower(name));
create policy exercises_catalogue_read on exercises for select to fitness_app
  using (user_id is null);

-- Manual entries may belong to a logged session and carry the details strength work needs.
alter table exercise_entries add column sort_order integer not null default 0;
alter table exercise_entry_sets
  add column rpe double precision check (rpe between 0 and 10),
  add column rest_time_seconds double precision check (rest_time_seconds >= 0),
  add column distance double precision check (distance >= 0),
  add column notes text;
alter table exercise_entry_sets
  add constraint exercise_entry_sets_reps_check check (reps >= 0),
  add constraint exercise_entry_sets_weight_check check (weight >= 0);

-- A logged workout session: several exercise entries of one day, from a preset or by hand.
create table exercise_preset_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  workout_preset_id uuid,
  name text not null check (length(name) between 1 and 255),
  description text,
  notes text,
  entry_date date not null,
  source text not null default 'manual',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index exercise_preset_entries_user_date_idx on exercise_preset_entries (user_id, entry_date);
select app_protect_user_table('exercise_preset_entries', 'can_manage_diary');
alter table exercise_entries
  add column exercise_preset_entry_id uuid references exercise_preset_entries (id) on delete cascade;
create index exercise_entries_session_idx on exercise_entries (exercise_preset_entry_id)
  where exercise_preset_entry_id is not null;

-- Reusable sessions. The planned sets of each exercise are one small JSON array: they are
-- only ever read and written with their exercise.
create table workout_presets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 255),
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workout_presets_user_idx on workout_presets (user_id, lower(name));
select app_protect_user_table('workout_presets', 'can_manage_diary', 'can_view_exercise_library');
alter table exercise_preset_entries add constraint exercise_preset_entries_preset_fkey
  foreign key (workout_preset_id) references workout_presets (id) on delete set null;

create table workout_preset_exercises (
  id uuid primary key default gen_random_uuid(),
  workout_preset_id uuid not null references workout_presets (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  exercise_id uuid not null references exercises (id),
  sort_order integer not null default 0,
  superset_group integer,
  notes text,
  sets jsonb not null default '[]' check (jsonb_typeof(sets) = 'array')
);
create index workout_preset_exercises_preset_idx on workout_preset_exercises (workout_preset_id);
select app_protect_user_table('workout_preset_exercises', 'can_manage_diary', 'can_view_exercise_library');

-- Weekly plans: presets assigned to weekdays (0 Sunday .. 6 Saturday) over a date range.
create table workout_plan_templates (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  plan_name text not null check (length(plan_name) between 1 and 255),
  description text,
  start_date date not null,
  end_date date check (end_date >= start_date),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select app_protect_user_table('workout_plan_templates', 'can_manage_diary');

create table workout_plan_template_assignments (
  id uuid primary key default gen_random_uuid(),
  template_id uuid not null references workout_plan_templates (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  day_of_week integer not null check (day_of_week between 0 and 6),
  workout_preset_id uuid not null references workout_presets (id) on delete cascade,
  sort_order integer not null default 0
);
create index workout_plan_assignments_template_idx on workout_plan_template_assignments (template_id);
select app_protect_user_table('workout_plan_template_assignments', 'can_manage_diary');

-- Personal records, one row each time a record was beaten, so deleting the entry that set
-- the current best brings the previous one back.
create table exercise_personal_records (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  exercise_id uuid not null references exercises (id) on delete cascade,
  exercise_entry_id uuid not null references exercise_entries (id) on delete cascade,
  record_type text not null check (record_type in
    ('max_weight', 'best_1rm', 'max_reps', 'fastest_1k', 'fastest_5k', 'fastest_10k',
     'longest_distance')),
  -- kg, kg, reps, seconds, seconds, seconds, km.
  value double precision not null,
  -- For max_reps: the weight the reps were done at.
  weight double precision,
  entry_date date not null,
  created_at timestamptz not null default now()
);
create index exercise_personal_records_lookup_idx
  on exercise_personal_records (user_id, exercise_id, record_type);
select app_protect_user_table('exercise_personal_records', 'can_manage_diary');

-- Activity-file imports: progress a client can poll while the upload is processed.
create table exercise_import_jobs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  total_files integer not null default 0,
  processed_files integer not null default 0,
  files jsonb not null default '[]',
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index exercise_import_jobs_user_idx on exercise_import_jobs (user_id, created_at);
select app_protect_user_table('exercise_import_jobs', 'can_manage_diary');
