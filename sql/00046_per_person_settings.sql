-- Settings a person keeps apart from shared rows (issue 45: carried from SparkyFitness).

-- A person's settings of a built-in meal type (those rows are everyone's): hidden, shown in
-- quick log, the default time. A person's own types keep them on their row.
create table meal_type_settings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  meal_type_id uuid not null references meal_types (id) on delete cascade,
  is_visible boolean not null default true,
  show_in_quick_log boolean not null default true,
  default_time time,
  updated_at timestamptz not null default now(),
  unique (user_id, meal_type_id)
);
select app_protect_user_table('meal_type_settings', 'can_manage_diary');

-- The medications a pregnancy names as its prenatal vitamin and its other supplement.
alter table pregnancies
  add column prenatal_medication_id uuid references medications (id) on delete set null,
  add column supplement_medication_id uuid references medications (id) on delete set null;

-- A pen's beyond-use date as given (a pharmacy's label); without it, opened date + days usable.
alter table medication_pens add column bud_date date;
