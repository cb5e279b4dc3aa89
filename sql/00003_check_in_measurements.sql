-- One row of body measurements per user per calendar day. Written by the check-in
-- routes and by health-data sync (weight, steps).

create table check_in_measurements (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entry_date date not null,
  weight double precision check (weight >= 0),
  height double precision check (height >= 0),
  body_fat_percentage double precision check (body_fat_percentage between 0 and 100),
  neck double precision check (neck >= 0),
  waist double precision check (waist >= 0),
  hips double precision check (hips >= 0),
  steps integer check (steps >= 0),
  muscle_mass_kg double precision check (muscle_mass_kg >= 0),
  bone_mass_kg double precision check (bone_mass_kg >= 0),
  body_water_percentage double precision check (body_water_percentage between 0 and 100),
  bmr double precision check (bmr between 300 and 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, entry_date)
);
select app_protect_table('check_in_measurements');
create policy check_in_measurements_owner on check_in_measurements to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on check_in_measurements to fitness_app;
