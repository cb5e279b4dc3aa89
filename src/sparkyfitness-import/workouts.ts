import type { HealthRecord } from "../health-data/ingest-types.ts";
import { instantInZone } from "../lib/user-zone.ts";
import { ingestWorkout } from "../workouts/ingest.ts";
import { TELEMETRY_KEYS } from "../workouts/telemetry.ts";
import { userRows, type TableImporter, type UserImport } from "./context.ts";
import { SOURCE } from "./trackers.ts";

type SourceEntry = {
  id: string;
  name: string;
  entry_date: string;
  entry_time: string | null;
  duration_minutes: number;
  calories_burned: number;
  distance: number | null;
  notes: string | null;
  source: string | null;
  source_id: string | null;
  telemetry: Record<string, number | null>;
  sets: Record<string, unknown>[];
  points: Record<string, unknown>[] | null;
  laps: { lap_index: number; start_time: string; end_time: string }[];
};

/**
 * Exercise entries become workouts through the phone-sync path (same derivations, laps and
 * heart-rate zones). An entry the other server synced from a service keeps that service's
 * source and id, so a later sync from the service finds it; others are keyed
 * `sparkyfitness` + the entry id. Either way a second run finds them and writes nothing.
 */
export const exerciseEntries: TableImporter = {
  table: "exercise_entries",
  async run(u) {
    const rows = await userRows(u, () => readEntries(u), "public.exercise_entries");
    const existing = await u.tx<{ key: string }[]>`
      select source || chr(31) || source_id as key from exercise_entries
       where user_id = ${u.userId} and source_id is not null`;
    const known = new Set(existing.map((r) => r.key));
    let written = 0;
    for (const row of rows) {
      const record = workoutRecord(u, row);
      if (known.has(`${record.source}\u001f${record.source_id}`)) continue;
      const ctx = { userId: u.userId, modelVersion: 2, profileTimezone: u.zone };
      try {
        await u.tx.savepoint((sp) => ingestWorkout(sp, record, ctx));
        written++;
      } catch (error) {
        u.summary.skip(`exercise entry not importable: ${(error as Error).message}`);
      }
    }
    return { read: rows.length, written, skipped: rows.length - written };
  },
};

function readEntries(u: UserImport) {
  const telemetry = TELEMETRY_KEYS.filter((k) => k !== "active_calories");
  return u.src<SourceEntry[]>`
    select e.id::text, coalesce(e.exercise_name, x.name, 'Workout') as name, e.entry_date,
           e.entry_time::text, e.duration_minutes::float8, e.calories_burned::float8,
           e.distance::float8, e.notes, e.source, e.source_id,
           (select json_object_agg(k, v) from json_each(row_to_json(e)) as j(k, v)
             where k = any(${telemetry}::text[])) as telemetry,
           coalesce((select json_agg(json_build_object('set_number', s.set_number,
                       'set_type', s.set_type, 'reps', s.reps, 'weight', s.weight,
                       'duration', s.duration) order by s.set_number)
                       from public.exercise_entry_sets s where s.exercise_entry_id = e.id), '[]') as sets,
           (select g.points from public.exercise_entry_gps_points g
             where g.exercise_entry_id = e.id limit 1) as points,
           coalesce((select json_agg(json_build_object('lap_index', l.lap_index,
                       'start_time', l.start_time, 'end_time', l.end_time) order by l.lap_index)
                       from public.exercise_entry_laps l where l.exercise_entry_id = e.id), '[]') as laps
      from public.exercise_entries e
      left join public.exercises x on x.id = e.exercise_id
     where e.user_id = ${u.userId}
     order by e.entry_date, e.entry_time nulls first, e.id`;
}

function workoutRecord(u: UserImport, row: SourceEntry): HealthRecord {
  const gps = (row.points ?? []).map(gpsPoint);
  const firstPoint = gps.find((p) => p.t !== undefined)?.t;
  const start = firstPoint
    ? new Date(firstPoint as string)
    : instantInZone(row.entry_date, row.entry_time ?? "12:00", u.zone);
  const seconds = Math.max(0, row.duration_minutes * 60);
  const telemetry = Object.fromEntries(
    Object.entries(row.telemetry ?? {}).map(([k, v]) => [k, v === null ? null : Number(v)]),
  );
  return {
    type: "Workout",
    activityType: row.name,
    source: row.source && row.source_id ? row.source : SOURCE,
    source_id: row.source && row.source_id ? row.source_id : row.id,
    date: row.entry_date,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + seconds * 1000).toISOString(),
    record_timezone: u.zone,
    duration: seconds,
    caloriesBurned: row.calories_burned,
    distance: row.distance,
    notes: row.notes,
    sets: row.sets,
    telemetry,
    gps_points: gps,
    laps: row.laps,
  };
}

const first = (p: Record<string, unknown>, ...names: string[]) =>
  names.map((n) => p[n]).find((v) => v !== undefined && v !== null);

/** One stored point in this server's names; the other server's jsonb uses several spellings. */
function gpsPoint(p: Record<string, unknown>) {
  return {
    t: first(p, "time", "timestamp", "t"),
    lat: first(p, "lat", "latitude"),
    lon: first(p, "lon", "lng", "longitude"),
    alt: first(p, "ele", "elevation", "altitude", "alt"),
    hr: first(p, "hr", "heart_rate", "heartRate"),
    speed: first(p, "speed"),
    cad: first(p, "cadence", "cad"),
    power: first(p, "power"),
    dist: first(p, "distance", "dist"),
  };
}
