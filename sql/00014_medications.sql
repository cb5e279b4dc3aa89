-- Medications and supplements, their schedules and logged doses, injectable pens and
-- injections, titration steps, and symptoms. Every table carries user_id and is protected
-- by can_manage_medications: delegates with that grant read and write, and the spec's
-- read-downgrade lets can_view_reports read (app_grant_allows in 00008).

create table medications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  display_name text,
  type_id text check (type_id in ('tablet', 'pill', 'capsule', 'liquid', 'injection', 'inhaler',
    'patch', 'supplement', 'drops', 'nasal_spray', 'cream', 'suppository', 'other')),
  route_id text,
  strength_value double precision check (strength_value >= 0),
  strength_unit text,
  dose_amount double precision check (dose_amount >= 0),
  dose_unit text,
  reason_text text,
  color text,
  icon text,
  is_active boolean not null default true,
  is_quick boolean not null default false,
  is_glp1 boolean not null default false,
  is_supplement boolean not null default false,
  -- Per dose, counted in the diary's totals on days a dose is taken (see medication_entries).
  nutrients jsonb not null default '{}' check (jsonb_typeof(nutrients) = 'object'),
  -- Drives the estimated drug level (one-compartment model); null: no curve.
  half_life_hours double precision check (half_life_hours > 0),
  injection_sites text[] not null default array['abdomen_left', 'abdomen_right', 'thigh_left',
    'thigh_right', 'arm_left', 'arm_right'],
  notes text,
  source text not null default 'manual',
  custom_fields jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index medications_user on medications (user_id, name);
select app_protect_user_table('medications', 'can_manage_medications');

-- The spec: editing a supplement's nutrition also needs can_manage_diary. Checked here too,
-- so a route that forgot cannot let a medications-only delegate change diary totals.
create function medications_guard_nutrients() returns trigger
  language plpgsql
  as $$
begin
  if (tg_op = 'INSERT' and new.nutrients <> '{}'::jsonb)
     or (tg_op = 'UPDATE' and new.nutrients is distinct from old.nutrients) then
    if not app_actor_may_write('can_manage_diary') then
      raise exception 'editing a supplement''s nutrition needs can_manage_diary'
        using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;
create trigger medications_nutrients before insert or update on medications
  for each row execute function medications_guard_nutrients();

create table medication_schedules (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  medication_id uuid not null references medications (id) on delete cascade,
  -- daily: every day; weekly: on days_of_week (0 = Sunday); every_n_days: from start_date
  -- every interval_days; prn: as needed, never due.
  schedule_type_id text not null check (schedule_type_id in ('daily', 'weekly', 'every_n_days', 'prn')),
  time_of_day time,
  dose_amount double precision check (dose_amount >= 0),
  days_of_week integer[] check (days_of_week <@ array[0, 1, 2, 3, 4, 5, 6]),
  interval_days integer check (interval_days between 1 and 365),
  prn_reason text,
  prn_max_per_day integer check (prn_max_per_day >= 1),
  with_meal text,
  start_date date,
  end_date date,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_date is null or start_date is null or end_date >= start_date),
  check (schedule_type_id <> 'weekly' or cardinality(days_of_week) > 0),
  check (schedule_type_id <> 'every_n_days' or (interval_days is not null and start_date is not null))
);
create index medication_schedules_medication on medication_schedules (medication_id);
select app_protect_user_table('medication_schedules', 'can_manage_medications');

create table medication_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  medication_id uuid references medications (id) on delete cascade,
  schedule_id uuid references medication_schedules (id) on delete set null,
  status text not null check (status in ('taken', 'skipped', 'late', 'snoozed', 'prn_taken')),
  taken_at timestamptz not null,
  scheduled_for timestamptz,
  entry_date date not null,
  med_name_snapshot text,
  dose_amount_snapshot double precision,
  dose_unit_snapshot text,
  -- Copied from the medication when logged, so later edits do not rewrite past diary days.
  nutrients_snapshot jsonb,
  notes text,
  source text not null default 'manual',
  custom_fields jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index medication_entries_user_day on medication_entries (user_id, entry_date);
create index medication_entries_medication on medication_entries (medication_id, taken_at);
select app_protect_user_table('medication_entries', 'can_manage_medications');

create table medication_pens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  medication_id uuid not null references medications (id) on delete cascade,
  label text,
  total_units double precision not null check (total_units > 0),
  remaining_units double precision not null check (remaining_units >= 0),
  opened_date date,
  days_usable_after_opening integer check (days_usable_after_opening >= 1),
  status text not null default 'active' check (status in ('active', 'finished', 'discarded')),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (remaining_units <= total_units)
);
create index medication_pens_medication on medication_pens (medication_id);
select app_protect_user_table('medication_pens', 'can_manage_medications');

create table injection_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  medication_id uuid not null references medications (id) on delete cascade,
  pen_id uuid references medication_pens (id) on delete set null,
  injected_at timestamptz not null,
  entry_date date not null,
  site text check (length(site) <= 60),
  -- Units drawn from the pen, and the dose in mg that the drug-level curve uses.
  units double precision check (units >= 0),
  dose_mg double precision check (dose_mg >= 0),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index injection_entries_medication on injection_entries (medication_id, injected_at);
select app_protect_user_table('injection_entries', 'can_manage_medications');

create table medication_titration_steps (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  medication_id uuid not null references medications (id) on delete cascade,
  step_order integer not null check (step_order >= 1),
  dose_amount double precision not null check (dose_amount >= 0),
  dose_unit text not null default 'mg',
  -- Null: the step starts when the previous one's planned weeks end.
  start_date date,
  planned_weeks integer check (planned_weeks between 1 and 520),
  note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (medication_id, step_order)
);
select app_protect_user_table('medication_titration_steps', 'can_manage_medications');

create table user_symptoms (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index user_symptoms_name on user_symptoms (user_id, lower(name));
select app_protect_user_table('user_symptoms', 'can_manage_medications');

create table user_symptom_locations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index user_symptom_locations_name on user_symptom_locations (user_id, lower(name));
select app_protect_user_table('user_symptom_locations', 'can_manage_medications');

create table symptom_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  symptom_id uuid references user_symptoms (id) on delete set null,
  medication_id uuid references medications (id) on delete set null,
  symptom_name_snapshot text not null,
  severity double precision not null check (severity between 0 and 10),
  body_location text,
  entry_date date not null,
  logged_at timestamptz not null default now(),
  notes text,
  source text not null default 'manual',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index symptom_entries_user_day on symptom_entries (user_id, entry_date);
select app_protect_user_table('symptom_entries', 'can_manage_medications');

-- The owner's time zone, for a delegate working on their medications too: due doses and
-- their calendar days are the owner's, and the zone shows nothing the grant does not. The
-- profile itself stays under its own 'profile' permission.
create function app_user_timezone() returns text
  language sql stable security definer set search_path = public
  as $$
    select p.timezone from user_profiles p
     where p.user_id = app_user_id()
       and (app_actor_id() = app_user_id() or exists (select 1 from app_live_grant()))
  $$;
revoke execute on function app_user_timezone() from public;
grant execute on function app_user_timezone() to fitness_app;
