-- A lap as the device recorded it (FIT lap messages, TCX <Lap> totals): its timer time
-- (recording, pauses left out; duration_seconds is the elapsed time) and its calories, beside
-- the figures workout_laps already has. Null where neither the device nor the series tells.
alter table workout_laps
  add column timer_time_seconds double precision,
  add column calories double precision;
