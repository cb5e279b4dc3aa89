import type { Tx } from "../db.ts";

/**
 * The day a week starts on, 0 (Sunday) to 6 as `first_day_of_week` numbers them; ISO weeks
 * start on Monday, 1. A week is given by its first day (`week_start`).
 */
export type WeekStart = number;

export type WeightRow = {
  date: string;
  weight: number;
  body_fat_percentage: number | null;
  muscle_mass_kg: number | null;
  body_water_percentage: number | null;
};

export function listWeighIns(tx: Tx, userId: string, start: string, end: string) {
  return tx<WeightRow[]>`
    select entry_date as date, weight, body_fat_percentage, muscle_mass_kg, body_water_percentage
      from check_in_measurements
     where user_id = ${userId} and entry_date between ${start} and ${end} and weight is not null
     order by entry_date`;
}

export type TrainingWeek = {
  week_start: string;
  workouts: number;
  duration_minutes: number;
  distance_km: number;
  calories: number;
  volume_kg: number;
};

/** Workouts, time, distance, energy and lifted volume (weight x reps over sets) per week. */
export function listTrainingWeeks(
  tx: Tx,
  userId: string,
  start: string,
  end: string,
  first: WeekStart,
) {
  return tx<TrainingWeek[]>`
    with entries as (
      select id, entry_date, duration_seconds, distance, calories_burned from exercise_entries
       where user_id = ${userId} and entry_date between ${start} and ${end}
    ), volume as (
      select s.exercise_entry_id, sum(coalesce(s.weight, 0) * coalesce(s.reps, 0)) as kg
        from exercise_entry_sets s
       where s.user_id = ${userId} and s.exercise_entry_id in (select id from entries)
       group by s.exercise_entry_id
    )
    select (e.entry_date - (extract(dow from e.entry_date)::int - ${first}::int + 7) % 7) as week_start, count(*)::int as workouts,
           round(sum(coalesce(e.duration_seconds, 0)) / 60)::int as duration_minutes,
           round(sum(coalesce(e.distance, 0))::numeric, 2)::float8 as distance_km,
           round(sum(coalesce(e.calories_burned, 0)))::int as calories,
           round(coalesce(sum(v.kg), 0)::numeric, 1)::float8 as volume_kg
      from entries e left join volume v on v.exercise_entry_id = e.id
     group by 1 order by 1`;
}

export type ZoneWeek = { week_start: string; zone: number; minutes: number };

export function listZoneMinutes(
  tx: Tx,
  userId: string,
  start: string,
  end: string,
  first: WeekStart,
) {
  return tx<ZoneWeek[]>`
    select (e.entry_date - (extract(dow from e.entry_date)::int - ${first}::int + 7) % 7) as week_start, z.zone,
           round((sum(z.seconds) / 60)::numeric, 1)::float8 as minutes
      from exercise_entries e join workout_hr_zones z on z.exercise_entry_id = e.id
     where e.user_id = ${userId} and e.entry_date between ${start} and ${end}
     group by 1, 2 order by 1, 2`;
}
