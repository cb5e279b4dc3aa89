import { createHash } from "node:crypto";
import type { Database, Tx } from "../db.ts";
import { detectRecords } from "../exercises/records.ts";
import { RecordError } from "../lib/ingest-types.ts";
import type { Logger } from "../logger.ts";
import { ingestWorkout } from "../workouts/ingest.ts";
import { haversineMeters } from "../workouts/track-math.ts";
import { ActivityFileError, type Activity } from "./activity.ts";
import {
  addJobOutcome,
  createImportJob,
  finishImportJob,
  type FileOutcome,
} from "./import-jobs.ts";
import { expandZips, readActivities, type ActivityFile } from "./read-files.ts";
import { FILE_SOURCE, toWorkoutRecord } from "./to-workout.ts";
import { caloriesOf } from "./calorie-estimate.ts";
import { findSameActivity, isRicher, recordedKinds, type FileRecord } from "./same-activity.ts";
import { insertSessions } from "./sessions-store.ts";
import { mergeMetricSamples } from "../telemetry/samples-store.ts";
import { recordZone } from "../lib/record-time.ts";

export type ImportDeps = { db: Database; logger: Logger; userId: string; actorId: string };

/** Opens the zips and records a job for the files; processing is `runImport`. */
export async function startImport(deps: ImportDeps, uploads: ActivityFile[]) {
  const files = await expandZips(uploads);
  const jobId = await createImportJob(deps, files.length);
  return { jobId, files };
}

/**
 * Imports each file in a transaction of its own (a broken file leaves nothing behind and
 * stops nothing else), reporting each outcome to the job and to `onFile`.
 */
export async function runImport(
  deps: ImportDeps,
  jobId: string,
  files: Awaited<ReturnType<typeof expandZips>>,
  onFile?: (outcome: FileOutcome, index: number, total: number) => void,
): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  try {
    for (const [index, file] of files.entries()) {
      const results =
        "error" in file
          ? [{ file: file.name, status: "error" as const, error: file.error }]
          : await importFile(deps, file);
      for (const outcome of results) {
        outcomes.push(outcome);
        await addJobOutcome(deps, jobId, outcome);
        onFile?.(outcome, index, files.length);
      }
    }
  } catch (error) {
    await finishImportJob(deps, jobId, true);
    throw error;
  }
  await finishImportJob(deps, jobId, false);
  return outcomes;
}

async function importFile(deps: ImportDeps, file: ActivityFile): Promise<FileOutcome[]> {
  let activities: Activity[];
  try {
    activities = await readActivities(file);
  } catch (error) {
    return [failure(deps, file.name, error)];
  }
  const hash = createHash("sha256").update(file.bytes).digest("hex");
  try {
    return await deps.db.withUser(
      deps.userId,
      (tx) => saveActivities(tx, deps.userId, file.name, activities, hash),
      deps.actorId,
    );
  } catch (error) {
    return [failure(deps, file.name, error)];
  }
}

async function saveActivities(
  tx: Tx,
  userId: string,
  name: string,
  activities: Activity[],
  hash: string,
) {
  const [profile] = await tx<{ timezone: string }[]>`
    select timezone from user_profiles where user_id = ${userId}`;
  const ctx = {
    userId,
    modelVersion: 3,
    profileTimezone: profile?.timezone ?? "UTC",
    recordedOrder: true,
  };
  const outcomes: FileOutcome[] = [];
  for (const [i, activity] of activities.entries()) {
    const sourceId =
      activity.activityId ?? (activities.length > 1 ? `sha256:${hash}#${i}` : `sha256:${hash}`);
    const [existing] = await tx<{ id: string; entry_date: string }[]>`
      select id, to_char(entry_date, 'YYYY-MM-DD') as entry_date from exercise_entries
       where user_id = ${userId} and source = ${FILE_SOURCE} and source_id = ${sourceId}`;
    const base = { file: name, activity: activity.sport };
    if (existing) {
      // Importing a file again changes nothing: not even updated_at.
      outcomes.push({
        ...base,
        status: "unchanged",
        entry_id: existing.id,
        entry_date: existing.entry_date,
      });
      continue;
    }
    checkSpan(activity);
    const file: FileRecord = { file: name, recorded: recordedKinds(activity) };
    const same = await findSameActivity(tx, userId, activity);
    if (same && !isRicher(file.recorded, same.file)) {
      outcomes.push({
        ...base,
        status: "unchanged",
        entry_id: same.id,
        entry_date: same.entry_date,
        note: `The same activity as ${fileName(same.file)}, which records as much: that entry is kept.`,
      });
      continue;
    }
    // The richer file's data replaces the entry's, in place: the entry takes its identity.
    if (same) await tx`update exercise_entries set source_id = ${sourceId} where id = ${same.id}`;
    const track = distanceTrack(activity);
    const calories = await caloriesOf(tx, userId, activity, track);
    const record = toWorkoutRecord({ ...activity, calories }, sourceId);
    const saved = await ingestWorkout(tx, { ...record, raw_data: { activity_file: file } }, ctx);
    if (saved.kind !== "processed") throw new ActivityFileError("The activity was not saved.");
    const data = saved.data as { id: string; entry_date: string; gps_points: number };
    await insertSessions(tx, data.id, userId, activity.sessions ?? []);
    if (data.gps_points === 0)
      await saveIndoorSeries(tx, userId, data.id, activity, ctx.profileTimezone);
    const records = await detectRecords(tx, userId, data.id, track);
    outcomes.push({
      ...base,
      status: same ? "replaced" : "imported",
      entry_id: data.id,
      entry_date: data.entry_date,
      gps_points: data.gps_points,
      personal_records: records.length,
      ...(same && {
        note: `The same activity as ${fileName(same.file)}; this file records more (${file.recorded.join(", ")}), so its data replaced that entry's.`,
      }),
    });
  }
  return outcomes;
}

/**
 * Power, cadence and speed of an activity without GPS (an indoor ride, a run with a foot
 * pod), which no track keeps: as the entry's `power`, `cadence` and `speed` metric samples.
 */
async function saveIndoorSeries(
  tx: Tx,
  userId: string,
  entryId: string,
  activity: Activity,
  timezone: string,
) {
  const s = activity.samples;
  for (const [metric, channel] of [
    ["power", s.power],
    ["cadence", s.cad],
    ["speed", s.speed],
  ] as const) {
    const series = { t: [] as number[], values: [] as number[] };
    let last = -Infinity;
    for (let i = 0; i < s.t.length; i++) {
      if (channel[i] === null || s.t[i]! <= last) continue;
      series.t.push(s.t[i]!);
      series.values.push(channel[i]!);
      last = s.t[i]!;
    }
    if (series.t.length === 0) continue;
    const target = { userId, metric, source: FILE_SOURCE, entryId };
    await mergeMetricSamples(tx, target, series, recordZone({}, timezone));
  }
}

// A workout's points are stored as int32 milliseconds after its first one.
const MAX_SPAN_MS = 2_147_483_647;

/** Refuses, in the words of a file's owner, an activity whose points span over 24 days. */
function checkSpan(activity: Activity) {
  let first = Infinity;
  let last = -Infinity;
  for (const t of activity.samples.t) {
    if (t < first) first = t;
    if (t > last) last = t;
  }
  if (last - first > MAX_SPAN_MS)
    throw new ActivityFileError(
      "The activity's recording spans more than 24 days, longer than one workout can be.",
    );
}

/**
 * Times and cumulative metres for the fastest-distance records: the file's, else measured
 * along the track in its order, nothing across a pause. Only points later than the last one
 * kept count, so the times only go forward.
 */
function distanceTrack(activity: Activity) {
  const s = activity.samples;
  const pauses = new Set(activity.segmentStarts);
  const t: number[] = [];
  const dist: number[] = [];
  const recorded = s.dist.some((d) => d !== null);
  let last = -1;
  let paused = false;
  for (let i = 0; i < s.t.length; i++) {
    paused ||= pauses.has(i);
    if (t.length > 0 && s.t[i]! <= t.at(-1)!) continue;
    if (recorded) {
      if (s.dist[i] === null) continue;
      dist.push(s.dist[i]!);
    } else {
      if (s.lat[i] === null || s.lon[i] === null) continue;
      const step =
        last < 0 || paused ? 0 : haversineMeters(s.lat[last]!, s.lon[last]!, s.lat[i]!, s.lon[i]!);
      dist.push((dist.at(-1) ?? 0) + step);
      last = i;
    }
    paused = false;
    t.push(s.t[i]!);
  }
  return { t, dist };
}

const fileName = (file: FileRecord | null) =>
  file ? `the entry imported from ${file.file}` : "an entry imported earlier";

function failure(deps: ImportDeps, file: string, error: unknown): FileOutcome {
  if (error instanceof ActivityFileError || error instanceof RecordError)
    return { file, status: "error", error: error.message };
  deps.logger.error("activity file import failed", { file, error: (error as Error).message });
  return { file, status: "error", error: "The file could not be saved." };
}
