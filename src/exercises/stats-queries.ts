import type { Tx } from "../db.ts";
import { estimateOneRepMax, type OneRepMaxFormula } from "./one-rep-max.ts";
import { listCurrentRecords, listRecordsSetBetween } from "./records.ts";

type Range = { start: string; end: string };
type SetRow = { set_type: string | null; reps: number | null; weight: number | null };

/** Per entry of one exercise: best set, volume and estimated 1RM by `formula`, oldest first. */
export async function exerciseProgress(
  tx: Tx,
  userId: string,
  exerciseId: string,
  range: Range,
  formula: OneRepMaxFormula,
) {
  const entries = await tx<
    {
      id: string;
      entry_date: string;
      duration_seconds: number | null;
      distance: number | null;
      calories_burned: number | null;
      sets: SetRow[];
    }[]
  >`
    select e.id, to_char(e.entry_date, 'YYYY-MM-DD') as entry_date, e.duration_seconds,
           e.distance, e.calories_burned,
           coalesce(json_agg(json_build_object('set_type', s.set_type, 'reps', s.reps,
                                               'weight', s.weight) order by s.set_number)
                    filter (where s.id is not null), '[]') as sets
      from exercise_entries e left join exercise_entry_sets s on s.exercise_entry_id = e.id
     where e.user_id = ${userId} and e.exercise_id = ${exerciseId}
       and e.entry_date between ${range.start} and ${range.end}
     group by e.id order by e.entry_date, e.created_at`;
  const sessions = entries.map(({ sets, ...entry }) => {
    const working = sets.filter((s) => s.set_type !== "warmup" && (s.reps ?? 0) > 0);
    let best: { weight: number | null; reps: number | null; estimated_1rm: number | null } | null =
      null;
    for (const s of working) {
      const e1rm = estimateOneRepMax(s.weight, s.reps, formula);
      if (!best || (e1rm ?? 0) > (best.estimated_1rm ?? 0))
        best = { weight: s.weight, reps: s.reps, estimated_1rm: e1rm };
    }
    return {
      ...entry,
      sets: sets.length,
      total_reps: working.reduce((n, s) => n + (s.reps ?? 0), 0),
      volume: working.reduce((n, s) => n + (s.reps ?? 0) * (s.weight ?? 0), 0),
      best_set: best,
      estimated_1rm: best?.estimated_1rm ?? null,
    };
  });
  const records = await listCurrentRecords(tx, userId, exerciseId);
  return { exercise_id: exerciseId, formula, ...range, sessions, personal_records: records };
}

/** Totals over a date range, per exercise, with the records set in it. */
export async function exerciseSummary(tx: Tx, userId: string, range: Range) {
  const byExercise = await tx<Record<string, number | string | null>[]>`
    with volume as (
      select s.exercise_entry_id, sum(coalesce(s.reps, 0) * coalesce(s.weight, 0)) as volume,
             count(*)::int as sets
        from exercise_entry_sets s
       where s.user_id = ${userId} and coalesce(s.set_type, 'normal') <> 'warmup'
       group by s.exercise_entry_id)
    select e.exercise_id, coalesce(x.name, min(e.activity_type)) as exercise_name,
           count(*)::int as entries, coalesce(sum(e.duration_seconds), 0) / 60.0 as duration_minutes,
           coalesce(sum(e.calories_burned), 0)::float8 as calories_burned,
           coalesce(sum(e.distance), 0)::float8 as distance,
           coalesce(sum(v.volume), 0)::float8 as volume, coalesce(sum(v.sets), 0)::int as sets
      from exercise_entries e
      left join exercises x on x.id = e.exercise_id
      left join volume v on v.exercise_entry_id = e.id
     where e.user_id = ${userId} and e.entry_date between ${range.start} and ${range.end}
     group by e.exercise_id, x.name
     order by count(*) desc, x.name`;
  const [days] = await tx<{ active_days: number }[]>`
    select count(distinct entry_date)::int as active_days from exercise_entries
     where user_id = ${userId} and entry_date between ${range.start} and ${range.end}`;
  const total = (key: string) => byExercise.reduce((n, row) => n + Number(row[key] ?? 0), 0);
  return {
    startDate: range.start,
    endDate: range.end,
    total_entries: total("entries"),
    active_days: days!.active_days,
    total_duration_minutes: total("duration_minutes"),
    total_calories_burned: total("calories_burned"),
    total_distance: total("distance"),
    total_volume: total("volume"),
    total_sets: total("sets"),
    by_exercise: byExercise,
    personal_records: await listRecordsSetBetween(tx, userId, range.start, range.end),
  };
}
