-- A workout's own photo and the profile's avatar (issue 45: the other server's exercise-entry
-- photos and avatars, copied into the uploads by its import). Both are `/uploads/...` paths
-- served by the uploads route; a workout without its own photo shows its exercise's first.
alter table exercise_entries add column image_url text;
alter table user_profiles add column avatar_url text;
