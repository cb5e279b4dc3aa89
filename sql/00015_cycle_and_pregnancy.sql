-- Cycle and pregnancy tracking. The spec never shares cycle and pregnancy data or bump
-- photos with delegates, whatever the grant: every table is 'owner_only' for reading and
-- writing, so only the owner acting as themselves reaches a row (no report, no admin path).

create table cycle_settings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references users (id) on delete cascade,
  enabled boolean not null default true,
  mode text not null default 'standard'
    check (mode in ('standard', 'ttc', 'pregnant', 'postpartum', 'menopause')),
  -- The typical cycle and period length the user states; used until history exists.
  avg_cycle_length_override smallint check (avg_cycle_length_override between 15 and 90),
  avg_period_length_override smallint check (avg_period_length_override between 1 and 15),
  luteal_phase_length smallint not null default 14 check (luteal_phase_length between 7 and 20),
  birth_control_method text not null default 'none',
  conditions text[] not null default '{}',
  show_fertile_window boolean not null default true,
  preferred_products text[] not null default '{}',
  dismissed_prompts text[] not null default '{}',
  terminology text not null default 'default' check (terminology in ('default', 'neutral')),
  discreet_mode boolean not null default false,
  onboarded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select app_protect_user_table('cycle_settings', 'owner_only');

-- Periods. A cycle runs from one period's start to the day before the next; its length
-- is derived when read, so editing one period never leaves stale lengths behind.
create table cycles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  start_date date not null,
  end_date date,
  period_length smallint check (period_length between 1 and 30),
  is_excluded boolean not null default false,
  source text not null default 'manual' check (source in ('manual', 'derived')),
  birth_control_method text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, start_date)
);
select app_protect_user_table('cycles', 'owner_only');

create table cycle_daily_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entry_date date not null,
  flow_level text check (flow_level in ('none', 'spotting', 'light', 'medium', 'heavy')),
  intermenstrual_bleeding boolean,
  product_usage jsonb not null default '{}',
  -- Basal body temperature in degrees Celsius.
  bbt double precision check (bbt between 34 and 42),
  bbt_taken_at time,
  cervical_mucus text check (cervical_mucus in ('dry', 'sticky', 'creamy', 'watery', 'egg_white')),
  unusual_discharge text[] not null default '{}',
  symptoms text[] not null default '{}',
  moods text[] not null default '{}',
  energy smallint check (energy between 1 and 5),
  libido smallint check (libido between 1 and 5),
  notes text,
  intercourse boolean,
  intercourse_protected boolean,
  cervical_position text,
  custom_fields jsonb not null default '{}',
  source text not null default 'manual',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, entry_date)
);
select app_protect_user_table('cycle_daily_entries', 'owner_only');

-- Ovulation (opk) and pregnancy (hpt) tests. source_key makes a phone's re-sync update
-- the same row; manual entries get a fresh key each.
create table cycle_test_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entry_date date not null,
  tested_at timestamptz not null default now(),
  test_type text not null check (test_type in ('opk', 'hpt')),
  result text not null check (result in ('negative', 'low', 'high', 'peak', 'faint', 'positive', 'indeterminate')),
  notes text,
  source text not null default 'manual',
  source_key text not null default gen_random_uuid()::text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, source, source_key)
);
create index cycle_test_entries_day on cycle_test_entries (user_id, entry_date);
select app_protect_user_table('cycle_test_entries', 'owner_only');

create table pregnancies (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  due_date date not null,
  due_date_basis text not null default 'lmp' check (due_date_basis in ('lmp', 'given', 'conception')),
  lmp_date date,
  conception_date date,
  fetus_count smallint not null default 1 check (fetus_count between 1 and 8),
  status text not null default 'active' check (status in ('active', 'ended')),
  ended_on date,
  outcome text,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index pregnancies_user on pregnancies (user_id, status);
select app_protect_user_table('pregnancies', 'owner_only');

create table pregnancy_kick_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  pregnancy_id uuid not null references pregnancies (id) on delete cascade,
  started_at timestamptz not null,
  ended_at timestamptz,
  kick_count smallint not null default 0 check (kick_count >= 0),
  kick_times timestamptz[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ended_at is null or ended_at >= started_at)
);
select app_protect_user_table('pregnancy_kick_sessions', 'owner_only');

create table pregnancy_contractions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  pregnancy_id uuid not null references pregnancies (id) on delete cascade,
  started_at timestamptz not null,
  ended_at timestamptz,
  intensity smallint check (intensity between 1 and 10),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ended_at is null or ended_at >= started_at)
);
create index pregnancy_contractions_time on pregnancy_contractions (pregnancy_id, started_at);
select app_protect_user_table('pregnancy_contractions', 'owner_only');

create table pregnancy_checklist_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  pregnancy_id uuid not null references pregnancies (id) on delete cascade,
  template_key text,
  custom_title text,
  week smallint not null check (week between 0 and 45),
  completed_at timestamptz,
  dismissed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (template_key is not null or custom_title is not null)
);
create unique index pregnancy_checklist_template on pregnancy_checklist_items (pregnancy_id, template_key);
select app_protect_user_table('pregnancy_checklist_items', 'owner_only');

create table health_appointments (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  pregnancy_id uuid references pregnancies (id) on delete cascade,
  scheduled_at timestamptz not null,
  appointment_type text,
  title text,
  location text,
  notes text,
  outcome text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index health_appointments_time on health_appointments (user_id, scheduled_at);
select app_protect_user_table('health_appointments', 'owner_only');

-- The image lives in the uploads tree under pregnancy/<user id>/; it is served only by an
-- authenticated route that reads this row first, so RLS decides who may see the file.
create table pregnancy_photos (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  pregnancy_id uuid not null references pregnancies (id) on delete cascade,
  week smallint not null check (week between 0 and 45),
  entry_date date not null,
  file_path text not null unique,
  mime_type text not null check (mime_type in ('image/jpeg', 'image/png', 'image/gif', 'image/webp')),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select app_protect_user_table('pregnancy_photos', 'owner_only');
