-- Progress photos: one per user, calendar day and angle. The image itself lives in the
-- uploads tree under check-in/<user id>/ with a server-made name; this row points at it.
-- The day's weight is joined from check_in_measurements by (user_id, entry_date) when
-- read, never copied or linked here, so editing a check-in shows up in the gallery.

create table check_in_photos (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  entry_date date not null,
  photo_type text not null check (photo_type in ('front', 'back', 'side')),
  file_path text not null unique,
  -- Sniffed from the bytes at upload; served back as the Content-Type.
  mime_type text not null check (mime_type in ('image/jpeg', 'image/png', 'image/gif', 'image/webp')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, entry_date, photo_type)
);
select app_protect_table('check_in_photos');
create policy check_in_photos_owner on check_in_photos to fitness_app
  using (user_id = app_user_id() and app_actor_may('can_manage_checkin'))
  with check (user_id = app_user_id() and app_actor_may('can_manage_checkin'));
grant select, insert, update, delete on check_in_photos to fitness_app;
