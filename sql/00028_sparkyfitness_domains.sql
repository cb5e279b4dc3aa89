-- What a SparkyFitness 1.6.2 database holds where this schema was narrower (issue 35): every
-- value that server accepts has a home here, so switching from it refuses nothing.

-- Exercise modalities: that server's weight_reps, duration and duration_distance are this
-- server's strength, duration and distance; bodyweight work counted in reps has its own.
alter table exercises drop constraint exercises_modality_check;
alter table exercises add constraint exercises_modality_check
  check (modality in ('distance', 'duration', 'strength', 'reps_only'));

-- A plan day may hold one exercise with its planned sets instead of a preset.
alter table workout_plan_template_assignments
  alter column workout_preset_id drop not null,
  add column exercise_id uuid references exercises (id) on delete cascade,
  add column sets jsonb not null default '[]' check (jsonb_typeof(sets) = 'array'),
  add constraint workout_plan_assignment_target check (num_nonnulls(workout_preset_id, exercise_id) = 1);

-- Medication forms, schedule kinds and pen states of that server's lookup tables.
alter table medications drop constraint medications_type_id_check;
alter table medications add constraint medications_type_id_check
  check (type_id in ('tablet', 'pill', 'capsule', 'softgel', 'gummy', 'powder', 'liquid',
    'injection', 'inhaler', 'patch', 'supplement', 'drops', 'nasal_spray', 'cream',
    'suppository', 'other'));
alter table medications
  add column prescriber text check (length(prescriber) <= 200),
  add column pharmacy text check (length(pharmacy) <= 200),
  add column rx_number text check (length(rx_number) <= 60);

-- specific_days: on days_of_week, like weekly; monthly: on day_of_month; cyclic: cycle_on_days
-- due then cycle_off_days off, from start_date; taper: due every day like daily (the dose
-- steps live in medication_titration_steps).
alter table medication_schedules drop constraint medication_schedules_schedule_type_id_check;
alter table medication_schedules add constraint medication_schedules_schedule_type_id_check
  check (schedule_type_id in ('daily', 'specific_days', 'weekly', 'every_n_days', 'monthly',
    'cyclic', 'taper', 'prn'));
alter table medication_schedules
  add column day_of_month integer check (day_of_month between 1 and 31),
  add column cycle_on_days integer check (cycle_on_days between 1 and 365),
  add column cycle_off_days integer check (cycle_off_days between 0 and 365),
  add constraint medication_schedules_specific_days
    check (schedule_type_id <> 'specific_days' or cardinality(days_of_week) > 0),
  add constraint medication_schedules_monthly check (schedule_type_id <> 'monthly' or day_of_month is not null),
  add constraint medication_schedules_cyclic
    check (schedule_type_id <> 'cyclic' or (cycle_on_days is not null and start_date is not null));

-- A pen not opened yet.
alter table medication_pens drop constraint medication_pens_status_check;
alter table medication_pens add constraint medication_pens_status_check
  check (status in ('sealed', 'active', 'finished', 'discarded'));

-- The score a sleep tracker (or the person) gave the night.
alter table sleep_entries add column sleep_score double precision check (sleep_score between 0 and 100);

-- 'HH:mm' (24 h) or 'h:mm a' (12 h), as that server and its clients write it.
alter table user_preferences add column time_format text not null default 'HH:mm'
  check (length(time_format) <= 20);

-- Meal plan templates: meals and foods assigned to weekdays (0 Sunday .. 6 Saturday) and
-- meal types over a date range.
create table meal_plan_templates (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  plan_name text not null check (length(plan_name) between 1 and 255),
  description text,
  start_date date not null,
  end_date date check (end_date >= start_date),
  is_active boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index meal_plan_templates_user on meal_plan_templates (user_id, start_date);
select app_protect_user_table('meal_plan_templates', 'can_manage_diary');

create table meal_plan_template_assignments (
  id uuid primary key default gen_random_uuid(),
  template_id uuid not null references meal_plan_templates (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  day_of_week integer not null check (day_of_week between 0 and 6),
  meal_type_id uuid references meal_types (id) on delete set null,
  item_type text not null check (item_type in ('meal', 'food')),
  meal_id uuid references meals (id) on delete cascade,
  food_id uuid references foods (id) on delete cascade,
  variant_id uuid references food_variants (id) on delete set null,
  quantity double precision check (quantity >= 0),
  unit text,
  check ((item_type = 'meal') = (meal_id is not null) and (item_type = 'food') = (food_id is not null))
);
create index meal_plan_template_assignments_template on meal_plan_template_assignments (template_id);
select app_protect_user_table('meal_plan_template_assignments', 'can_manage_diary');
