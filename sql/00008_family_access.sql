-- Family sharing: grants from an owner to a delegate, and the policy helpers every table
-- holding someone's data uses. The policies decide, at now(), whether app_actor_id() may
-- read or write app_user_id()'s rows for the table's permission, so a route that forgot
-- its HTTP check still cannot reach a row, and an end date takes effect with no job.

create table family_access (
  id uuid primary key default gen_random_uuid(),
  owner_user_id uuid not null references users (id) on delete cascade,
  delegate_user_id uuid not null references users (id) on delete cascade,
  can_manage_diary boolean not null default false,
  can_manage_checkin boolean not null default false,
  can_manage_medications boolean not null default false,
  can_view_reports boolean not null default false,
  can_view_food_library boolean not null default false,
  can_view_exercise_library boolean not null default false,
  share_external_providers boolean not null default false,
  access_end_date timestamptz,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (owner_user_id, delegate_user_id),
  check (owner_user_id <> delegate_user_id)
);
create index family_access_delegate on family_access (delegate_user_id);

select app_protect_table('family_access');
-- Only the owner, acting as themselves, manages their grants.
create policy family_access_owner on family_access to fitness_app
  using (owner_user_id = app_user_id() and app_actor_id() = app_user_id())
  with check (owner_user_id = app_user_id() and app_actor_id() = app_user_id());
-- A delegate sees the grants made to them (to list whose data they may act on).
create policy family_access_delegate on family_access for select to fitness_app
  using (delegate_user_id = app_actor_id());
grant select, insert, update, delete on family_access to fitness_app;

-- The permission words a table (and a route) can be protected by. The seven grant flags,
-- plus: 'checkin_photos' (can_manage_checkin with no read-downgrade: a read-only grant
-- gets nothing), 'profile' (profile, layout, onboarding: can_manage_diary or
-- can_view_reports read them) and 'owner_only' (never shared, whatever the grant).
create function app_permission_words() returns text[]
  language sql immutable
  as $$ select array['can_manage_diary', 'can_manage_checkin', 'can_manage_medications',
                     'can_view_reports', 'can_view_food_library', 'can_view_exercise_library',
                     'share_external_providers', 'checkin_photos', 'profile', 'owner_only'] $$;

-- Whether a live grant from app_user_id() to app_actor_id() allows reading (p_write false)
-- or writing the data under p_permission. SECURITY DEFINER: it reads every grant, which
-- the application role cannot. The spec's permission table, in one place:
--   write: the three can_manage_* flags, each for its own data; nothing else writes.
--   read:  a can_manage_* flag or can_view_reports (the read-downgrade); the libraries
--          with their own flag or can_manage_diary; photos only with can_manage_checkin.
create function app_grant_allows(p_permission text, p_write boolean) returns boolean
  language sql stable security definer set search_path = public
  as $$
    select coalesce((
      select case
        when p_write then case p_permission
          when 'can_manage_diary' then g.can_manage_diary
          when 'can_manage_checkin' then g.can_manage_checkin
          when 'can_manage_medications' then g.can_manage_medications
          when 'checkin_photos' then g.can_manage_checkin
          else false end
        else case p_permission
          when 'can_manage_diary' then g.can_manage_diary or g.can_view_reports
          when 'can_manage_checkin' then g.can_manage_checkin or g.can_view_reports
          when 'can_manage_medications' then g.can_manage_medications or g.can_view_reports
          when 'can_view_reports' then g.can_view_reports
          when 'checkin_photos' then g.can_manage_checkin
          when 'can_view_food_library' then g.can_view_food_library or g.can_manage_diary
          when 'can_view_exercise_library' then g.can_view_exercise_library or g.can_manage_diary
          when 'share_external_providers' then g.share_external_providers
          when 'profile' then g.can_manage_diary or g.can_view_reports
          else false end
        end
        from family_access g
       where g.owner_user_id = app_user_id()
         and g.delegate_user_id = app_actor_id()
         and g.is_active
         and (g.access_end_date is null or g.access_end_date > now())
    ), false)
  $$;
revoke execute on function app_grant_allows(text, boolean) from public;
grant execute on function app_grant_allows(text, boolean) to fitness_app;

-- The owner always may; a delegate only through a live grant.
create function app_actor_may_read(p_permission text) returns boolean
  language sql stable
  as $$
    select app_actor_id() is not null
       and (app_actor_id() = app_user_id() or app_grant_allows(p_permission, false))
  $$;
create function app_actor_may_write(p_permission text) returns boolean
  language sql stable
  as $$
    select app_actor_id() is not null
       and (app_actor_id() = app_user_id() or app_grant_allows(p_permission, true))
  $$;
grant execute on function app_actor_may_read(text), app_actor_may_write(text) to fitness_app;

-- Rows record who last wrote them, so an owner can see what a delegate changed.
create function app_stamp_updated_by() returns trigger
  language plpgsql
  as $$
begin
  new.updated_by := coalesce(app_actor_id(), new.updated_by);
  return new;
end
$$;

-- The one call that protects a table keyed by user_id: RLS enabled and forced, the
-- maintenance policy, an updated_by column stamped on every write, and policies that
-- read with `read_permission` (default: `permission`) and write with `permission`.
-- The permission checks are wrapped in a sub-select so PostgreSQL evaluates them once
-- per statement, not once per row.
create function app_protect_user_table(tbl regclass, permission text, read_permission text default null)
  returns void
  language plpgsql
  as $$
declare
  reading text := coalesce(read_permission, permission);
  name text := (select relname from pg_class where oid = tbl);
begin
  if not (permission = any (app_permission_words()) and reading = any (app_permission_words())) then
    raise exception 'unknown permission word % / % for %', permission, reading, tbl;
  end if;
  perform app_protect_table(tbl);
  execute format('alter table %s add column if not exists updated_by uuid', tbl);
  execute format('create trigger %I before insert or update on %s for each row execute function app_stamp_updated_by()',
                 name || '_updated_by', tbl);
  execute format('create policy %I on %s for select to fitness_app using (user_id = app_user_id() and (select app_actor_may_read(%L)))',
                 name || '_read', tbl, reading);
  execute format('create policy %I on %s for insert to fitness_app with check (user_id = app_user_id() and (select app_actor_may_write(%L)))',
                 name || '_insert', tbl, permission);
  execute format('create policy %I on %s for update to fitness_app using (user_id = app_user_id() and (select app_actor_may_write(%L))) with check (user_id = app_user_id() and (select app_actor_may_write(%L)))',
                 name || '_update', tbl, permission, permission);
  execute format('create policy %I on %s for delete to fitness_app using (user_id = app_user_id() and (select app_actor_may_write(%L)))',
                 name || '_delete', tbl, permission);
  execute format('grant select, insert, update, delete on %s to fitness_app', tbl);
end
$$;
revoke execute on function app_protect_user_table(regclass, text, text) from public;

-- Existing tables move to the helper: drop their hand-written policies, then protect again
-- (app_protect_table's maintenance policy is dropped too, since the helper recreates it).
create function app_reprotect_user_table(tbl regclass, permission text, read_permission text default null)
  returns void
  language plpgsql
  as $$
declare
  pol record;
begin
  for pol in select policyname from pg_policies where schemaname = 'public'
                and tablename = (select relname from pg_class where oid = tbl) loop
    execute format('drop policy %I on %s', pol.policyname, tbl);
  end loop;
  perform app_protect_user_table(tbl, permission, read_permission);
end
$$;

select app_reprotect_user_table('check_in_measurements', 'can_manage_checkin');
select app_reprotect_user_table('check_in_photos', 'checkin_photos');
select app_reprotect_user_table('water_entries', 'can_manage_diary');
select app_reprotect_user_table('active_calories_entries', 'can_manage_checkin');
select app_reprotect_user_table('custom_measurement_categories', 'can_manage_checkin');
select app_reprotect_user_table('custom_measurement_entries', 'can_manage_checkin');
select app_reprotect_user_table('sleep_entries', 'can_manage_checkin');
select app_reprotect_user_table('mood_entries', 'can_manage_checkin');
select app_reprotect_user_table('nutrition_sync_entries', 'can_manage_diary');
select app_reprotect_user_table('exercises', 'can_manage_diary', 'can_view_exercise_library');
select app_reprotect_user_table('exercise_entries', 'can_manage_diary');
select app_reprotect_user_table('exercise_entry_sets', 'can_manage_diary');
select app_reprotect_user_table('workout_gps_tracks', 'can_manage_checkin');
select app_reprotect_user_table('workout_laps', 'can_manage_checkin');
select app_reprotect_user_table('workout_hr_zones', 'can_manage_checkin');
select app_reprotect_user_table('health_metric_samples', 'can_manage_checkin');
select app_reprotect_user_table('user_profiles', 'owner_only', 'profile');
drop function app_reprotect_user_table(regclass, text, text);

-- Accounts and sessions have no grant that writes them: a delegate in a switched context
-- reads the owner's name and email where 'profile' allows, and changes nothing.
drop policy users_self on users;
create policy users_read on users for select to fitness_app
  using (id = app_user_id() and (select app_actor_may_read('profile')));
create policy users_insert on users for insert to fitness_app
  with check (id = app_user_id() and app_actor_id() = app_user_id());
create policy users_update on users for update to fitness_app
  using (id = app_user_id() and app_actor_id() = app_user_id())
  with check (id = app_user_id() and app_actor_id() = app_user_id());
drop policy sessions_owner on sessions;
create policy sessions_owner on sessions to fitness_app
  using (user_id = app_user_id() and app_actor_id() = app_user_id())
  with check (user_id = app_user_id() and app_actor_id() = app_user_id());

-- Superseded by app_actor_may_read / app_actor_may_write.
drop function app_actor_may(text);
