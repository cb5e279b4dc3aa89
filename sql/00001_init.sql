-- Foundation: the application role, the row-level-security helpers, users and profiles.

-- The application role owns nothing and cannot bypass RLS. Request transactions switch
-- into it with SET LOCAL ROLE, so the owner login must be a member of it.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'fitness_app') then
    create role fitness_app nologin nosuperuser nobypassrls noinherit;
  end if;
  if not pg_has_role(current_user, 'fitness_app', 'member') then
    execute format('grant fitness_app to %I', current_user);
  end if;
end
$$;

grant usage on schema public to fitness_app;

-- Whose data the transaction works on (the data owner).
create function app_user_id() returns uuid
  language sql stable
  as $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;

-- Who is acting. Equal to app_user_id() except when a family member acts for the owner.
create function app_actor_id() returns uuid
  language sql stable
  as $$ select nullif(current_setting('app.actor_id', true), '')::uuid $$;

-- Whether the acting user may use the data owner's data under a family-sharing permission
-- such as 'can_manage_checkin' or 'can_manage_diary'. Family sharing fills this in from its grants; until then only
-- the owner may act on their own data.
create function app_actor_may(permission text) returns boolean
  language sql stable
  as $$ select app_actor_id() is not null and app_actor_id() = app_user_id() $$;

grant execute on function app_user_id(), app_actor_id(), app_actor_may(text) to fitness_app;

-- Enables and forces RLS on a table holding users' data and lets the migrating (owner)
-- role, which runs migrations, SECURITY DEFINER lookups and admin commands, see all rows.
-- Each table then adds its own policies TO fitness_app; without one it sees nothing.
create function app_protect_table(tbl regclass) returns void
  language plpgsql
  as $$
begin
  execute format('alter table %s enable row level security', tbl);
  execute format('alter table %s force row level security', tbl);
  execute format('create policy maintenance on %s to %I using (true) with check (true)', tbl, current_user);
end
$$;
revoke execute on function app_protect_table(regclass) from public;

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  name text not null default '',
  password_hash text,
  role text not null default 'user' check (role in ('user', 'admin')),
  disabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

select app_protect_table('users');
-- A user sees and edits their own account; a new account is inserted inside a
-- transaction whose app.user_id is the new id.
create policy users_self on users to fitness_app
  using (id = app_user_id())
  with check (id = app_user_id());
grant select, insert, update on users to fitness_app;

create table user_profiles (
  user_id uuid primary key references users (id) on delete cascade,
  date_of_birth date,
  sex text check (sex in ('male', 'female', 'other')),
  timezone text not null default 'UTC',
  height_cm double precision check (height_cm > 0),
  max_heart_rate integer check (max_heart_rate between 60 and 260),
  weight_unit text not null default 'kg' check (weight_unit in ('kg', 'lbs', 'st')),
  distance_unit text not null default 'km' check (distance_unit in ('km', 'miles')),
  height_unit text not null default 'cm' check (height_unit in ('cm', 'inches')),
  energy_unit text not null default 'kcal' check (energy_unit in ('kcal', 'kJ')),
  updated_at timestamptz not null default now()
);

select app_protect_table('user_profiles');
create policy user_profiles_owner on user_profiles to fitness_app
  using (user_id = app_user_id())
  with check (user_id = app_user_id());
grant select, insert, update on user_profiles to fitness_app;
