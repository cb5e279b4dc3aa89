-- A track recorded in segments (a GPX file's tracks and segments, a TCX file's Tracks) keeps
-- where each segment after the first begins, as indexes into the point arrays: between two
-- segments the athlete paused, so no distance or moving time is counted across the break and
-- maps draw no line over it. Null: the track is one segment.
alter table workout_gps_tracks add column segment_starts integer[];

-- An imported activity file looks for an entry of the same activity imported from another
-- file (src/activity-files/same-activity.ts) by start time.
create index exercise_entries_file_start_idx on exercise_entries (user_id, start_time)
  where source = 'file';
