-- Family sharing, the rest: one definition of a live grant, the listings of grants for the
-- owner and the delegate, and the user's preferences (phone app and settings screens).

-- The grant from app_user_id() to app_actor_id(), if it is live at now(): active and not
-- past its end date. SECURITY DEFINER so the checks below see it whatever RLS allows.
create function app_live_grant() returns setof family_access
  language sql stable security definer set search_path = public
  as $$
    select g.* from family_access g
     where g.owner_user_id = app_user_id()
       and g.delegate_user_id = app_actor_id()
       and g.is_active
       and (g.access_end_date is null or g.access_end_date > now())
  $$;
revoke execute on function app_live_grant() from public;
grant execute on function app_live_grant() to fitness_app;

-- Same table of permissions as in 00008, now over app_live_grant() so "live" is defined once.
create or replace function app_grant_allows(p_permission text, p_write boolean) returns boolean
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
        from app_live_grant() g
    ), false)
  $$;

-- The owner's grants with each delegate's name and email, which the owner cannot read
-- from users under RLS. Only the owner acting as themselves gets rows.
create function family_grants_of_owner()
  returns table (id uuid, delegate_user_id uuid, delegate_email text, delegate_name text,
                 can_manage_diary boolean, can_manage_checkin boolean,
                 can_manage_medications boolean, can_view_reports boolean,
                 can_view_food_library boolean, can_view_exercise_library boolean,
                 share_external_providers boolean, access_end_date timestamptz,
                 is_active boolean, created_at timestamptz, updated_at timestamptz)
  language sql stable security definer set search_path = public
  as $$
    select g.id, g.delegate_user_id, u.email, u.name,
           g.can_manage_diary, g.can_manage_checkin, g.can_manage_medications,
           g.can_view_reports, g.can_view_food_library, g.can_view_exercise_library,
           g.share_external_providers, g.access_end_date, g.is_active, g.created_at, g.updated_at
      from family_access g join users u on u.id = g.delegate_user_id
     where g.owner_user_id = app_user_id() and app_actor_id() = app_user_id()
  $$;
revoke execute on function family_grants_of_owner() from public;
grant execute on function family_grants_of_owner() to fitness_app;

-- The live grants made to app_actor_id(), with each owner's name and email: whose data
-- the caller may act on. Ended or inactive grants are not listed.
create function family_grants_to_actor()
  returns table (owner_user_id uuid, owner_email text, owner_name text,
                 can_manage_diary boolean, can_manage_checkin boolean,
                 can_manage_medications boolean, can_view_reports boolean,
                 can_view_food_library boolean, can_view_exercise_library boolean,
                 share_external_providers boolean, access_end_date timestamptz)
  language sql stable security definer set search_path = public
  as $$
    select g.owner_user_id, u.email, u.name,
           g.can_manage_diary, g.can_manage_checkin, g.can_manage_medications,
           g.can_view_reports, g.can_view_food_library, g.can_view_exercise_library,
           g.share_external_providers, g.access_end_date
      from family_access g join users u on u.id = g.owner_user_id
     where g.delegate_user_id = app_actor_id()
       and g.is_active
       and (g.access_end_date is null or g.access_end_date > now())
       and not u.disabled
     order by lower(u.name), lower(u.email)
  $$;
revoke execute on function family_grants_to_actor() from public;
grant execute on function family_grants_to_actor() to fitness_app;

-- The profile's time zone is the preference's time zone: one column. It stays not null
-- (readers fall back to nothing), and timezone_set_at records whether the user (or their
-- phone) ever chose it, which is what "has no time zone yet" means for the bootstrap.
alter table user_profiles add column timezone_set_at timestamptz;
update user_profiles set timezone_set_at = updated_at where timezone <> 'UTC';
-- The phone app's profile screen shows these.
alter table user_profiles add column phone_number text check (length(phone_number) <= 40),
                          add column bio text check (length(bio) <= 1000);
-- Lengths in feet and inches, as the phone app offers.
alter table user_profiles drop constraint user_profiles_height_unit_check;
alter table user_profiles add constraint user_profiles_height_unit_check
  check (height_unit in ('cm', 'inches', 'ft_in'));

-- Display and calculation settings. Units and time zone live in user_profiles (one value
-- each); these are the rest. Every account has a row (created with the profile).
create table user_preferences (
  user_id uuid primary key references users (id) on delete cascade,
  date_format text not null default 'YYYY-MM-DD' check (length(date_format) <= 20),
  water_display_unit text not null default 'ml' check (water_display_unit in ('ml', 'oz', 'liter')),
  bmr_algorithm text not null default 'Mifflin-St Jeor',
  body_fat_algorithm text not null default 'U.S. Navy',
  fat_breakdown_algorithm text not null default 'AHA Guidelines',
  mineral_calculation_algorithm text not null default 'RDA Standard',
  vitamin_calculation_algorithm text not null default 'RDA Standard',
  sugar_calculation_algorithm text not null default 'WHO Guidelines',
  include_bmr_in_net_calories boolean not null default false,
  use_external_bmr boolean not null default false,
  show_net_carbs boolean not null default false,
  calorie_goal_adjustment_mode text not null default 'dynamic',
  exercise_calorie_percentage integer not null default 100
    check (exercise_calorie_percentage between 0 and 100),
  activity_level text not null default 'not_much',
  tdee_allow_negative_adjustment boolean not null default false,
  calorie_safety_floor_mode text not null default 'auto',
  calorie_safety_floor_value integer not null default 1200
    check (calorie_safety_floor_value between 0 and 10000),
  auto_scale_open_food_facts_imports boolean not null default false,
  auto_scale_online_imports boolean not null default false,
  barcode_fallback_open_food_facts boolean not null default false,
  default_food_data_provider_id uuid,
  default_barcode_provider_id uuid,
  auto_clear_history text not null default 'never',
  logging_level text not null default 'ERROR',
  item_display_limit integer not null default 10 check (item_display_limit between 1 and 1000),
  language text not null default 'en' check (length(language) <= 10),
  first_day_of_week smallint not null default 0 check (first_day_of_week between 0 and 6),
  ai_assisted_conversions boolean not null default false,
  updated_at timestamptz not null default now()
);
-- Settings: the owner alone changes them; a delegate whose grant opens the profile reads them.
select app_protect_user_table('user_preferences', 'owner_only', 'profile');
insert into user_preferences (user_id) select user_id from user_profiles;

-- Telemetry (can_manage_checkin) hangs off exercise entries (can_manage_diary). Whether an
-- entry exists is asked apart from who may read the entry itself, so a delegate with only
-- can_manage_checkin reads a workout's laps and zones. It tells existence only, and only
-- of app_user_id()'s own entries.
create function app_exercise_entry_exists(p_user uuid, p_id uuid) returns boolean
  language sql stable security definer set search_path = public
  as $$
    select exists (select 1 from exercise_entries
                    where id = p_id and user_id = p_user and p_user = app_user_id())
  $$;
revoke execute on function app_exercise_entry_exists(uuid, uuid) from public;
grant execute on function app_exercise_entry_exists(uuid, uuid) to fitness_app;
