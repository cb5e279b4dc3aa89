import type { Tx } from "../db.ts";

/**
 * What the phone app's live workout shows beside an exercise: the heaviest set, the last
 * set, and the sets of the last three times it was done. `excludeSessionId` leaves out the
 * workout in progress; `presetId` limits the recent sessions to workouts of that preset.
 */
export type SetStatsFilter = { excludeSessionId: string | null; presetId: string | null };

type SetStats = {
  entryDate: string;
  weight: number | null;
  reps: number | null;
  setNumber: number;
};
type RecentSet = {
  setNumber: number;
  setType: string | null;
  weight: number | null;
  reps: number | null;
  duration: number | null;
  distance: number | null;
};

function setsOf(tx: Tx, userId: string, exerciseId: string, f: SetStatsFilter) {
  return tx`
    select to_char(e.entry_date, 'YYYY-MM-DD') as "entryDate", s.weight, s.reps,
           s.set_number as "setNumber", s.set_type, e.entry_date, e.created_at, s.numeric_id
      from exercise_entries e join exercise_entry_sets s on s.exercise_entry_id = e.id
     where e.user_id = ${userId} and e.exercise_id = ${exerciseId}
       and (${f.excludeSessionId}::uuid is null
            or e.exercise_preset_entry_id is distinct from ${f.excludeSessionId}::uuid)`;
}

export async function exerciseSetStats(
  tx: Tx,
  userId: string,
  exerciseId: string,
  f: SetStatsFilter,
) {
  const [best] = await tx<SetStats[]>`
    select "entryDate", weight, reps, "setNumber" from (${setsOf(tx, userId, exerciseId, f)}) s
     where weight is not null and coalesce(set_type, 'normal') <> 'warmup'
     order by weight desc, reps desc nulls last, entry_date desc, created_at desc,
              "setNumber" desc, numeric_id desc
     limit 1`;
  const [last] = await tx<SetStats[]>`
    select "entryDate", weight, reps, "setNumber" from (${setsOf(tx, userId, exerciseId, f)}) s
     where weight is not null or reps is not null
     order by entry_date desc, created_at desc, "setNumber" desc, numeric_id desc
     limit 1`;
  const recentSessions = await tx<{ entryDate: string; sets: RecentSet[] }[]>`
    select to_char(e.entry_date, 'YYYY-MM-DD') as "entryDate", sets.sets
      from exercise_entries e
     cross join lateral (
       select json_agg(json_build_object(
                'setNumber', s.set_number, 'setType', s.set_type, 'weight', s.weight,
                'reps', s.reps, 'duration', round(s.duration_seconds)::int,
                'distance', s.distance) order by s.set_number, s.numeric_id) as sets
         from exercise_entry_sets s
        where s.exercise_entry_id = e.id
          and (s.weight is not null or s.reps is not null or s.duration_seconds is not null
               or s.distance is not null)) sets
     where e.user_id = ${userId} and e.exercise_id = ${exerciseId} and sets.sets is not null
       and (${f.excludeSessionId}::uuid is null
            or e.exercise_preset_entry_id is distinct from ${f.excludeSessionId}::uuid)
       and (${f.presetId}::uuid is null or exists (
              select 1 from exercise_preset_entries p
               where p.id = e.exercise_preset_entry_id and p.workout_preset_id = ${f.presetId}::uuid))
     order by e.entry_date desc, e.created_at desc, e.id desc
     limit 3`;
  return { bestSet: best ?? null, lastSet: last ?? null, recentSessions };
}
