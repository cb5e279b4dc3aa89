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

-- An appointment's outcome is an object (blood pressure, weight, notes, ...), as the phone app
-- sends it; a text written before becomes {"notes": text}.
create function app_outcome_object(value text) returns jsonb
  language plpgsql immutable
  as $$
declare
  parsed jsonb;
begin
  if value is null then return null; end if;
  parsed := value::jsonb;
  return case when jsonb_typeof(parsed) = 'object' then parsed else jsonb_build_object('notes', value) end;
exception when others then
  return jsonb_build_object('notes', value);
end
$$;
alter table health_appointments
  alter column outcome type jsonb using app_outcome_object(outcome),
  add constraint health_appointments_outcome_object check (jsonb_typeof(outcome) = 'object');
drop function app_outcome_object(text);

-- A cycle's length as the person's other server recorded it (an excluded or irregular one
-- is not the gap to the next start); null: worked out from the next start.
alter table cycles add column cycle_length smallint check (cycle_length between 1 and 400);
