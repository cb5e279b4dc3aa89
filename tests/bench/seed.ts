import type { Sql } from "postgres";

/**
 * Years of one person's history in bulk SQL of the same shape the write paths produce:
 * daily check-ins (weight, steps), ~1,100 heart-rate samples a day in the per-day sample
 * arrays, about one workout a day with a GPS track, sets and heart-rate zones, ten diary
 * entries a day, a night of sleep with stages, five drinks of water, a mood, and a goal
 * change every quarter. 5 people x 5 years is the issue's ~10 M samples, ~9,000 workouts
 * and ~90,000 diary entries.
 */
export type SeedSize = { days: number; gpsPoints: number; hrPerDay: number };
export const FULL_SIZE: SeedSize = { days: 1826, gpsPoints: 600, hrPerDay: 1100 };

export async function seedHistory(sql: Sql, userId: string, lastDay: string, size: SeedSize) {
  const days = sql`(select d::date as day, row_number() over (order by d) as n
                      from generate_series(${lastDay}::date - ${size.days - 1}::int, ${lastDay}::date, '1 day'::interval) d)`;
  await sql.begin(async (tx) => {
    await tx`
      insert into check_in_measurements (user_id, entry_date, weight, steps)
      select ${userId}, day, 80 + 3 * sin(n / 90.0) + random(), (6000 + random() * 6000)::int
        from ${days} as d`;
    await tx`
      insert into health_metric_samples (user_id, metric, source, sample_date, base_time, t_offset_ms, value)
      select ${userId}, 'heart_rate', 'Health Connect', day, day::timestamptz,
             (select array_agg(i * (86400000 / ${size.hrPerDay}) order by i) from generate_series(0, ${size.hrPerDay - 1}) i),
             (select array_agg((60 + random() * 80)::real order by i) from generate_series(0, ${size.hrPerDay - 1}) i)
        from ${days} as d`;
    const [exercise] = await tx<{ id: string }[]>`
      insert into exercises (user_id, name, modality) values (${userId}, 'Running', 'distance')
      on conflict (user_id, name) do update set name = excluded.name returning id`;
    // A workout on six days of seven: 1,565 over five years.
    await tx`
      insert into exercise_entries (user_id, exercise_id, activity_type, entry_date, start_time,
        end_time, duration_seconds, calories_burned, distance, source, source_id, avg_heart_rate)
      select ${userId}, ${exercise!.id}, 'Running', day, day + time '07:00', day + time '07:45',
             2700, 450 + random() * 100, 8 + random() * 2, 'Health Connect', 'w' || n, 145
        from ${days} as d where n % 7 <> 0`;
    await tx`
      insert into workout_gps_tracks (exercise_entry_id, user_id, base_time, t_offset_ms, lat, lon, hr)
      select e.id, e.user_id, e.start_time,
             (select array_agg(i * 4500 order by i) from generate_series(0, ${size.gpsPoints - 1}) i),
             (select array_agg(52.5 + i * 0.0001 order by i) from generate_series(0, ${size.gpsPoints - 1}) i),
             (select array_agg(13.4 + i * 0.0001 order by i) from generate_series(0, ${size.gpsPoints - 1}) i),
             (select array_agg((140 + random() * 20)::real order by i) from generate_series(0, ${size.gpsPoints - 1}) i)
        from exercise_entries e where e.user_id = ${userId}`;
    await tx`
      insert into workout_hr_zones (exercise_entry_id, user_id, zone, min_bpm, max_bpm, seconds, max_heart_rate)
      select e.id, e.user_id, z, 90 + z * 19, case when z < 5 then 108 + z * 19 end, 540, 190
        from exercise_entries e, generate_series(1, 5) z where e.user_id = ${userId}`;
    await tx`
      insert into exercise_entry_sets (exercise_entry_id, user_id, set_number, reps, weight)
      select e.id, e.user_id, s, 8, 60 from exercise_entries e, generate_series(1, 3) s
       where e.user_id = ${userId}`;
    await tx`
      insert into food_entries (user_id, meal_type_id, entry_date, quantity, unit, food_name,
        serving_size, serving_unit, calories, protein, carbs, fat)
      select ${userId}, (select id from meal_types where user_id is null order by sort_order offset (k % 4) limit 1),
             day, 100, 'g', 'Food ' || k, 100, 'g', 150 + random() * 150, 10, 25, 8
        from ${days} as d, generate_series(1, 10) k`;
    await tx`
      insert into sleep_entries (user_id, entry_date, bedtime, wake_time, duration_seconds,
        stage_events, record_timezone, source, source_key)
      select ${userId}, day, day - interval '1 hour', day + interval '6 hours 30 minutes', 27000,
             jsonb_build_array(
               jsonb_build_object('stage', 'light', 'start_time', day - interval '1 hour', 'end_time', day + interval '2 hours'),
               jsonb_build_object('stage', 'deep', 'start_time', day + interval '2 hours', 'end_time', day + interval '4 hours'),
               jsonb_build_object('stage', 'awake', 'start_time', day + interval '4 hours', 'end_time', day + interval '4 hours 20 minutes'),
               jsonb_build_object('stage', 'rem', 'start_time', day + interval '4 hours 20 minutes', 'end_time', day + interval '6 hours 30 minutes')),
             'UTC', 'Health Connect', 'sleep-' || n
        from ${days} as d`;
    await tx`
      insert into water_entries (user_id, entry_date, water_ml, logged_at, source, source_key)
      select ${userId}, day, 250 + random() * 250, day + k * interval '3 hours', 'manual', n || '-' || k
        from ${days} as d, generate_series(1, 5) k`;
    await tx`
      insert into mood_entries (user_id, entry_date, mood_value, source, source_key)
      select ${userId}, day, 1 + (n % 10), 'manual', day::text from ${days} as d`;
    await tx`
      insert into user_goals (user_id, goal_date, calories, protein, water_goal_ml)
      select ${userId}, day, 2000 + (n % 5) * 100, 150, 2500 from ${days} as d where n % 91 = 1`;
  });
}
