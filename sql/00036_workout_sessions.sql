-- The sessions of an imported activity file (FIT): one for most files, several for a
-- multisport activity (swim, transition, bike, transition, run), each with the device's own
-- figures. A pool swim's session keeps what swimmers read (pool length, lengths, strokes,
-- SWOLF, rests) in `swim`. Check-in data like the laps they index into.
create table workout_sessions (
  exercise_entry_id uuid not null references exercise_entries (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  session_index integer not null,
  activity_type text not null,
  start_time timestamptz not null,
  end_time timestamptz not null,
  elapsed_time_seconds double precision,
  timer_time_seconds double precision,
  moving_time_seconds double precision,
  distance_meters double precision,
  calories double precision,
  avg_heart_rate double precision,
  max_heart_rate double precision,
  avg_speed_mps double precision,
  max_speed_mps double precision,
  avg_cadence double precision,
  max_cadence double precision,
  avg_power_watts double precision,
  max_power_watts double precision,
  normalized_power_watts double precision,
  elevation_gain_meters double precision,
  elevation_loss_meters double precision,
  stroke_count double precision,
  -- Index of the session's first lap in the entry's laps (workout_laps.lap_index order).
  first_lap_index integer not null default 0,
  lap_count integer not null default 0,
  set_count integer not null default 0,
  swim jsonb,
  primary key (exercise_entry_id, session_index)
);
create index workout_sessions_user_idx on workout_sessions (user_id);
select app_protect_user_table('workout_sessions', 'can_manage_checkin');
