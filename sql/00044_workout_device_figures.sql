-- What a watch or phone reports about a workout beyond its series (issue 45: the other
-- server's phone workouts keep them): energy at rest, training effects and load, VO2 max,
-- heart-rate recovery after one minute, the gear used and the weather.
alter table exercise_entries
  add column resting_calories double precision,
  add column aerobic_training_effect double precision,
  add column anaerobic_training_effect double precision,
  add column training_load double precision,
  add column vo2_max_estimate double precision,
  add column heart_rate_recovery_1min double precision,
  add column weather_temp_celsius double precision,
  add column weather_wind_speed_mps double precision,
  add column weather_humidity_percentage double precision,
  add column weather_condition text,
  add column gear_name text,
  add column gear_external_id text;
