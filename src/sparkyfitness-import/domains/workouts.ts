import type { HealthRecord } from "../../lib/ingest-types.ts";
import { writeActiveCalories } from "../../health-data/write-daily-rows.ts";
import { instantInZone } from "../../database/user-zone.ts";
import { detectRecords } from "../../exercises/records.ts";
import { ingestWorkout } from "../../workouts/ingest.ts";
import { TELEMETRY_KEYS } from "../../workouts/telemetry.ts";
import { userRows, type TableImporter, type UserImport } from "../run/context.ts";
import { saveChanged } from "../run/copy-rows.ts";
import { exerciseHere } from "./exercise-library.ts";
import { copySourceFile } from "./files.ts";
import { setHere, type SourceSet } from "./sets.ts";
import { SOURCE } from "./trackers.ts";

type SourceEntry = {
  id: string;
  name: string;
  exercise_id: string;
  entry_date: string;
  entry_time: string | null;
  duration_minutes: number;
  calories_burned: number;
  distance: number | null;
  notes: string | null;
  source: string | null;
  source_id: string | null;
  session_id: string | null;
  sort_order: number;
  superset_group: number | null;
  image_url: string | null;
  raw_data: Record<string, unknown> | null;
  telemetry: Record<string, number | null>;
  sets: SourceSet[];
  points: Record<string, unknown>[] | null;
  hr: { t: string; bpm: number }[] | null;
  laps: SourceLap[];
  gear_name: string | null;
  gear_external_id: string | null;
  weather_condition: string | null;
};

/** A lap as that server stored it (its device's figures, not recomputed from the track). */
type SourceLap = {
  lap_index: number;
  start_time: string;
  end_time: string;
  duration_seconds: number;
} & Record<(typeof LAP_FIGURES)[number], number | null>;

const LAP_FIGURES = [
  "distance_meters",
  "calories",
  "avg_heart_rate",
  "max_heart_rate",
  "avg_speed_mps",
  "max_speed_mps",
  "avg_cadence",
  "avg_power_watts",
  "elevation_gain_meters",
  "elevation_loss_meters",
] as const;

const ENTRIES = "exercise_entries";
// An edit of the entry here stamps it (updated_at): a re-run compares that stamp. Sets
// replaced on their own leave no stamp, so only the entry's own fields count as changed here.
const COMPARED = ["updated_at"];

// How that server tells a phone's day total of active energy from a workout.
const ACTIVE_CALORIES = "Active Calories";

/**
 * Exercise entries become workouts through the phone-sync path (same derivations, laps and
 * heart-rate zones from the heart-rate samples that name the entry), then keep what that
 * path does not carry: the exercise with its modality, the session and its order, every set
 * detail, and the time as stored there (an entry without one has none here either). An
 * entry keeps its source (`manual` stays `manual`: the phone app edits only a workout a
 * person made, and both web clients tell them apart by it), keyed by the service's id, else
 * by the entry's id; the import record keeps where it came from. A re-run brings an entry changed there up to date, unless
 * it changed here since (copy-rows.ts says how), and deletes one deleted there. A phone's "Active Calories" entry is that
 * day's active calories, not a workout.
 */
export const exerciseEntries: TableImporter = {
  table: "exercise_entries",
  async run(u) {
    const rows = await userRows(u, () => readEntries(u), "public.exercise_entries");
    const activeHere = await u.tx<{ key: string }[]>`
      select entry_date || chr(31) || source as key from active_calories_entries
       where user_id = ${u.userId}`;
    const activeKnown = new Set(activeHere.map((r) => r.key));
    const active = rows.filter(
      (r) =>
        r.name === ACTIVE_CALORIES &&
        !activeKnown.has(`${r.entry_date}\u001f${r.source ?? SOURCE}`),
    );
    if (active.length)
      await writeActiveCalories(
        u.tx,
        u.userId,
        active.map((r) => ({
          entry_date: r.entry_date,
          calories: Math.max(0, r.calories_burned),
          source: r.source ?? SOURCE,
        })),
      );
    const existing = await u.tx<{ key: string; id: string }[]>`
      select source || chr(31) || source_id as key, id from exercise_entries
       where user_id = ${u.userId} and source_id is not null`;
    const idHere = new Map(existing.map((r) => [r.key, r.id]));
    const workouts = rows.filter((r) => r.name !== ACTIVE_CALORIES);
    await renameEarlierKeys(u, workouts, idHere);
    const counts = await saveChanged(
      u,
      ENTRIES,
      COMPARED,
      workouts,
      (row) => row.id,
      (row) => {
        const { source, sourceId } = entryKey(row);
        return idHere.get(`${source}\u001f${sourceId}`);
      },
      async (row) => {
        try {
          return await u.tx.savepoint((sp) =>
            saveEntry({ ...u, tx: sp }, row, workoutRecord(u, row)),
          );
        } catch (error) {
          u.summary.skip(`exercise entry not importable: ${(error as Error).message}`);
          return null;
        }
      },
      { carryDeletions: true },
    );
    return {
      read: rows.length,
      written: counts.written + active.length,
      updated: counts.updated,
      ...(counts.deleted ? { deleted: counts.deleted } : {}),
      skipped: counts.skipped + (rows.length - workouts.length - active.length),
    };
  },
};

/**
 * Entries an earlier release keyed `sparkyfitness` + the entry's id take their source's own
 * name, so that a re-run finds them (the key is all the phone path matches on).
 */
async function renameEarlierKeys(u: UserImport, rows: SourceEntry[], idHere: Map<string, string>) {
  const renamed: { id: string; source: string }[] = [];
  for (const row of rows) {
    const { source, sourceId } = entryKey(row);
    const earlier = idHere.get(`${SOURCE}\u001f${sourceId}`);
    if (source === SOURCE || !earlier || idHere.has(`${source}\u001f${sourceId}`)) continue;
    renamed.push({ id: earlier, source });
    idHere.set(`${source}\u001f${sourceId}`, earlier);
  }
  if (renamed.length)
    await u.tx`
      update exercise_entries e set source = r.source
        from jsonb_to_recordset(${u.tx.json(renamed)}) as r (id uuid, source text)
       where e.id = r.id`;
}

/** Writes (or brings up to date) one entry with its details; returns its id here. */
async function saveEntry(u: UserImport, row: SourceEntry, record: HealthRecord): Promise<string> {
  const ctx = { userId: u.userId, modelVersion: 2, profileTimezone: u.zone };
  const outcome = await ingestWorkout(u.tx, record, ctx);
  if (outcome.kind !== "processed") throw new Error("workout not written");
  const { id, exercise_id: madeFor } = outcome.data as { id: string; exercise_id: string };
  const exerciseId = await exerciseHere(u, row.exercise_id);
  const timed =
    row.entry_time !== null || (row.points?.length ?? 0) > 0 || (row.hr?.length ?? 0) > 0;
  await u.tx`
    update exercise_entries set
      exercise_id = coalesce(${exerciseId}::uuid, exercise_id),
      entry_time = ${row.entry_time}::time,
      start_time = case when ${timed} then start_time end,
      end_time = case when ${timed} then end_time end,
      exercise_preset_entry_id = (select id from exercise_preset_entries
                                   where id = ${row.session_id}::uuid and user_id = ${u.userId}),
      sort_order = ${row.sort_order},
      superset_group = ${row.superset_group},
      image_url = ${await entryPhoto(u, row.image_url)},
      gear_name = ${row.gear_name},
      gear_external_id = ${row.gear_external_id},
      weather_condition = ${row.weather_condition}
     where id = ${id}`;
  // The laps as that server stored them (the phone path recomputed them from the track).
  if (row.laps.length) {
    await u.tx`delete from workout_laps where exercise_entry_id = ${id}`;
    const laps = row.laps.map((lap) => ({
      ...lap,
      exercise_entry_id: id,
      user_id: u.userId,
      start_time: new Date(lap.start_time),
      end_time: new Date(lap.end_time),
    }));
    await u.tx`insert into workout_laps ${u.tx(laps)}`;
  }
  // The phone path made an exercise of the activity's name when the entry's is a catalogue
  // one: that exercise is dropped again while nothing else uses it.
  if (exerciseId && exerciseId !== madeFor)
    await u.tx`
      delete from exercises x where x.id = ${madeFor} and x.user_id = ${u.userId}
         and x.source = 'sync'
         and not exists (select 1 from exercise_entries e where e.exercise_id = x.id)
         and not exists (select 1 from workout_preset_exercises p where p.exercise_id = x.id)
         and not exists (select 1 from workout_plan_template_assignments a
                          where a.exercise_id = x.id)`;
  // The phone path keeps reps, weight and duration; the set's other details come here.
  await u.tx`delete from exercise_entry_sets where exercise_entry_id = ${id}`;
  const sets = row.sets.map((s) => ({ ...setHere(s), exercise_entry_id: id, user_id: u.userId }));
  if (sets.length) await u.tx`insert into exercise_entry_sets ${u.tx(sets)}`;
  // As for an entry logged here: entries come oldest first, so records build up in order.
  await detectRecords(u.tx, u.userId, id);
  return id;
}

/**
 * The entry's photo: uploaded there under `/uploads/exercise_entries/<day>/`, copied to the
 * same path here; a link elsewhere stays a link.
 */
const entryPhoto = (u: UserImport, path: string | null) =>
  path?.startsWith("/uploads/") ? copySourceFile(u, "exercise entry photo", path) : path;

function readEntries(u: UserImport) {
  const lapFigures = LAP_FIGURES.map((f) => `'${f}', l.${f}::float8`).join(", ");
  return u.src<SourceEntry[]>`
    select e.id::text, coalesce(e.exercise_name, x.name, 'Workout') as name, e.exercise_id::text,
           e.entry_date, e.entry_time::text, e.duration_minutes::float8, e.calories_burned::float8,
           e.distance::float8, e.notes, e.source, e.source_id,
           e.exercise_preset_entry_id::text as session_id, coalesce(e.sort_order, 0) as sort_order,
           e.superset_group, nullif(e.image_url, '') as image_url,
           (select d.detail_data from public.exercise_entry_activity_details d
             where d.exercise_entry_id = e.id and d.detail_type like '%raw_data'
             order by d.created_at limit 1) as raw_data,
           (select json_object_agg(k, v) from json_each(row_to_json(e)) as j(k, v)
             where k = any(${[...TELEMETRY_KEYS]}::text[])) as telemetry,
           e.gear_name, e.gear_external_id, e.weather_condition,
           coalesce((select json_agg(json_build_object('set_number', s.set_number,
                       'set_type', s.set_type, 'reps', s.reps, 'weight', s.weight::float8,
                       'duration', s.duration, 'rest_time', s.rest_time, 'notes', s.notes,
                       'rpe', s.rpe::float8, 'distance', s.distance::float8) order by s.set_number)
                       from public.exercise_entry_sets s where s.exercise_entry_id = e.id), '[]') as sets,
           (select g.points from public.exercise_entry_gps_points g
             where g.exercise_entry_id = e.id limit 1) as points,
           (select json_agg(json_build_object('t', s->>'t', 'bpm', (s->>'bpm')::float8)
                            order by s->>'t')
              from public.health_metric_samples h cross join jsonb_array_elements(h.samples) s
             where h.user_id = e.user_id and h.metric = 'heart_rate'
               and s->>'ex' = e.id::text) as hr,
           coalesce((select json_agg(json_build_object('lap_index', l.lap_index,
                       'start_time', l.start_time, 'end_time', l.end_time,
                       'duration_seconds', l.duration_seconds, ${u.src.unsafe(lapFigures)})
                       order by l.lap_index)
                       from public.exercise_entry_laps l where l.exercise_entry_id = e.id), '[]') as laps
      from public.exercise_entries e
      left join public.exercises x on x.id = e.exercise_id
     where e.user_id = ${u.userId}
     order by e.entry_date, e.entry_time nulls first, e.id`;
}

/** An entry's key here: its source's name, with the service's id, else the entry's own. */
const entryKey = (row: SourceEntry) => ({
  source: row.source ?? SOURCE,
  sourceId: row.source && row.source_id ? row.source_id : row.id,
});

function workoutRecord(u: UserImport, row: SourceEntry): HealthRecord {
  const gps = (row.points ?? []).map(gpsPoint);
  const firstPoint = gps.find((p) => p.t !== undefined)?.t ?? row.hr?.[0]?.t;
  // An entry without any time gets a provisional one for the phone path, removed after.
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
    source: entryKey(row).source,
    source_id: entryKey(row).sourceId,
    date: row.entry_date,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + seconds * 1000).toISOString(),
    record_timezone: u.zone,
    duration: seconds,
    caloriesBurned: row.calories_burned,
    distance: row.distance,
    notes: row.notes,
    raw_data: row.raw_data,
    sets: row.sets,
    telemetry,
    gps_points: gps,
    hr_samples: row.hr ?? [],
    laps: row.laps.map(({ lap_index, start_time, end_time }) => ({
      lap_index,
      start_time,
      end_time,
    })),
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
