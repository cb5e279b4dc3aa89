-- The AI assistant in a switched context: 'any_grant' opens to any live grant. Such a
-- route keeps only the caller's own rows (conversations, budget) and checks each action
-- on the owner's data by that action's own permission (the assistant's tools).
-- Otherwise the same table as in 00009.
create or replace function app_grant_allows(p_permission text, p_write boolean) returns boolean
  language sql stable security definer set search_path = public
  as $$
    select coalesce((
      select case
        when p_permission = 'any_grant' then true
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
