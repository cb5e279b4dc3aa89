import type { Tx } from "../db.ts";
import type { HrZone, ZoneProfile } from "./hr-zones.ts";
import type { LapSummary } from "./laps.ts";
import type { Modality } from "./activity-types.ts";
import type { WorkoutSet } from "./parse-workout.ts";
import { arrayParameter, offsetsParameter, type ElementType } from "../telemetry/binary-array.ts";
import { OPTIONAL_GPS_CHANNELS, type OptionalGpsChannel, type Track } from "./series.ts";

/** An exercise_entries row as ingest writes it (every column but id and timestamps). */
export type EntryRow = Record<string, unknown> & {
  user_id: string;
  source: string;
  source_id: string | null;
};

export async function loadZoneProfile(tx: Tx, userId: string): Promise<ZoneProfile> {
  const [row] = await tx<{ date_of_birth: string | null; max_heart_rate: number | null }[]>`
    select date_of_birth, max_heart_rate from user_profiles where user_id = ${userId}`;
  return { dateOfBirth: row?.date_of_birth ?? null, maxHeartRate: row?.max_heart_rate ?? null };
}

/** Creates the user's exercise of that name with `modality` on first use. */
export async function ensureExercise(tx: Tx, userId: string, name: string, modality: Modality) {
  // The no-op update makes a concurrent first use wait for the other transaction, so the
  // entry upsert issued right after always finds the row. Async so that the statement is
  // sent when called, ahead of the entry upsert in the same pipeline.
  await tx`
    insert into exercises (user_id, name, modality)
    select ${userId}, ${name}, ${modality}
     where not exists (select 1 from exercises where user_id = ${userId} and name = ${name})
    on conflict (user_id, name) do update set name = excluded.name`;
}

/**
 * Inserts the entry (for the exercise named `exerciseName`) or updates the one with the
 * same identity in place, returning its id. The row lock taken here also serialises
 * concurrent re-posts of the same workout, so their child writes never interleave.
 */
export async function upsertEntry(tx: Tx, row: EntryRow, exerciseName: string) {
  const identity = row.source_id
    ? tx`on conflict (user_id, source, source_id) where source_id is not null`
    : tx`on conflict (user_id, source, start_time, activity_type)
           where source_id is null and activity_type is not null`;
  const exerciseId = tx`(select id from exercises where user_id = ${row.user_id} and name = ${exerciseName})`;
  const values = { ...row, exercise_id: exerciseId } as Record<string, unknown>;
  const [saved] = await tx<{ id: string; created: boolean; exercise_id: string }[]>`
    insert into exercise_entries ${tx(values)}
    ${identity}
    do update set ${tx(values)}, updated_at = now()
    returning id, exercise_id, (xmax = 0) as created`;
  return saved!;
}

/** The element type of each optional channel's column (sql/00007_workouts.sql). */
const CHANNEL_ELEMENTS: Record<OptionalGpsChannel, ElementType> = {
  alt: "float4",
  speed: "float4",
  hr: "float4",
  cad: "float4",
  power: "float4",
  dist: "float8",
  hacc: "float4",
  vacc: "float4",
  course: "float4",
};

/**
 * Replaces the workout's GPS track (one row of per-channel arrays), or removes it. An
 * identical re-post writes nothing: no new row version, no TOAST, no WAL.
 */
export function replaceGpsTrack(tx: Tx, entryId: string, userId: string, track: Track) {
  if (track.t.length === 0)
    return tx`delete from workout_gps_tracks where exercise_entry_id = ${entryId}`;
  // The earliest time, so offsets stay positive when a file's order is not the time order.
  const base = track.t.reduce((min, t) => (t < min ? t : min));
  const row: Record<string, unknown> = {
    exercise_entry_id: entryId,
    user_id: userId,
    base_time: new Date(base),
    t_offset_ms: offsetsParameter(tx, track.t, base),
    lat: arrayParameter(tx, track.lat, "float8"),
    lon: arrayParameter(tx, track.lon, "float8"),
    segment_starts: track.segmentStarts.length ? track.segmentStarts : null,
  };
  // A channel no point carries is stored as null rather than an array of nulls.
  for (const name of OPTIONAL_GPS_CHANNELS) {
    const values = track[name];
    row[name] = values.some((v) => v !== null)
      ? arrayParameter(tx, values, CHANNEL_ELEMENTS[name])
      : null;
  }
  return tx`
    insert into workout_gps_tracks ${tx(row)}
    on conflict (exercise_entry_id) do update set
      base_time = excluded.base_time, t_offset_ms = excluded.t_offset_ms,
      lat = excluded.lat, lon = excluded.lon, alt = excluded.alt, speed = excluded.speed,
      hr = excluded.hr, cad = excluded.cad, power = excluded.power, dist = excluded.dist,
      hacc = excluded.hacc, vacc = excluded.vacc, course = excluded.course,
      segment_starts = excluded.segment_starts
    where (workout_gps_tracks.base_time, workout_gps_tracks.t_offset_ms, workout_gps_tracks.lat,
           workout_gps_tracks.lon, workout_gps_tracks.alt, workout_gps_tracks.speed,
           workout_gps_tracks.hr, workout_gps_tracks.cad, workout_gps_tracks.power,
           workout_gps_tracks.dist, workout_gps_tracks.hacc, workout_gps_tracks.vacc,
           workout_gps_tracks.course, workout_gps_tracks.segment_starts)
      is distinct from (excluded.base_time, excluded.t_offset_ms, excluded.lat, excluded.lon,
           excluded.alt, excluded.speed, excluded.hr, excluded.cad, excluded.power,
           excluded.dist, excluded.hacc, excluded.vacc, excluded.course,
           excluded.segment_starts)`;
}

export function replaceLaps(tx: Tx, entryId: string, userId: string, laps: LapSummary[]) {
  const rows = laps.map((lap) => ({ exercise_entry_id: entryId, user_id: userId, ...lap }));
  return replaceChildRows(tx, "workout_laps", entryId, rows);
}

export function replaceHrZones(tx: Tx, entryId: string, userId: string, zones: HrZone[]) {
  const rows = zones.map((zone) => ({ exercise_entry_id: entryId, user_id: userId, ...zone }));
  return replaceChildRows(tx, "workout_hr_zones", entryId, rows);
}

/**
 * Makes the entry's sets those sent, in place by set number, so the ids a phone holds stay
 * valid across re-syncs: a set still there keeps its row (rewritten only when a value
 * changed; what the app added to it, such as notes or RPE, stays), a new one is inserted,
 * one no longer sent is deleted. The nth set sent under a number pairs with the nth stored
 * one (oldest id first). One statement, pipelined with the other children's.
 */
export function syncSets(tx: Tx, entryId: string, userId: string, sets: WorkoutSet[]) {
  if (sets.length === 0)
    return tx`delete from exercise_entry_sets where exercise_entry_id = ${entryId}`;
  const sent = sets.map((set, ord) => ({ ord, ...set }));
  return tx`
    with sent as (
      select x.*, row_number() over (partition by x.set_number order by x.ord) as nth
        from jsonb_to_recordset(${tx.json(sent)}) as x(ord int, set_number int,
             set_type text, duration_seconds double precision, reps int, weight double precision)
    ), stored as (
      select id, set_number, row_number() over (partition by set_number order by numeric_id) as nth
        from exercise_entry_sets where exercise_entry_id = ${entryId}
    ), paired as (
      select stored.id, sent.* from sent left join stored using (set_number, nth)
    ), updated as (
      update exercise_entry_sets s
         set set_type = p.set_type, duration_seconds = p.duration_seconds, reps = p.reps,
             weight = p.weight
        from paired p
       where s.id = p.id
         and (s.set_type, s.duration_seconds, s.reps, s.weight)
             is distinct from (p.set_type, p.duration_seconds, p.reps, p.weight)
    ), removed as (
      delete from exercise_entry_sets s
       where s.id in (select id from stored except select id from paired where id is not null)
    )
    insert into exercise_entry_sets
      (exercise_entry_id, user_id, set_number, set_type, duration_seconds, reps, weight)
    select ${entryId}, ${userId}, set_number, set_type, duration_seconds, reps, weight
      from paired where id is null order by ord`;
}

/** A new entry's sets: inserted, with nothing stored to pair them with. */
export function insertSets(tx: Tx, entryId: string, userId: string, sets: WorkoutSet[]) {
  if (sets.length === 0) return [];
  const rows = sets.map((set) => ({ exercise_entry_id: entryId, user_id: userId, ...set }));
  return tx`insert into exercise_entry_sets ${tx(rows)}`;
}

type ChildTable = "workout_laps" | "workout_hr_zones";

/** Deletes the entry's old rows and inserts the new ones in one statement. */
function replaceChildRows(tx: Tx, table: ChildTable, entryId: string, rows: object[]) {
  if (rows.length === 0) return tx`delete from ${tx(table)} where exercise_entry_id = ${entryId}`;
  return tx`
    with removed as (delete from ${tx(table)} where exercise_entry_id = ${entryId})
    insert into ${tx(table)} ${tx(rows as Record<string, unknown>[])}`;
}
