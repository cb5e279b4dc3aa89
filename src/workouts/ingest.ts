import type postgres from "postgres";
import { afterQueuedWrites } from "../database/after-queued-writes.ts";
import type { Tx } from "../db.ts";
import type { HealthRecord, IngestContext, RecordOutcome } from "../lib/ingest-types.ts";
import { recordZone } from "../lib/record-time.ts";
import { mergeMetricSamples } from "../telemetry/samples-store.ts";
import { computeHrZones, estimateMaxHeartRate } from "./hr-zones.ts";
import { summariseLaps } from "./laps.ts";
import { parseWorkout, type ParsedWorkout } from "./parse-workout.ts";
import { hrSeriesFromTrack } from "./series.ts";
import {
  ensureExercise,
  loadZoneProfile,
  replaceGpsTrack,
  replaceHrZones,
  replaceLaps,
  insertSets,
  syncSets,
  upsertEntry,
  type EntryRow,
} from "./store-workout.ts";
import { deriveTelemetry } from "./telemetry.ts";

/**
 * Saves one Workout/ExerciseSession record inside the caller's per-record savepoint: the
 * entry is upserted in place (same id on a re-post) and its children are replaced (sets
 * updated in place) in the same transaction. Two round trips: profile, exercise and entry, then all children.
 */
export async function ingestWorkout(
  tx: Tx,
  record: HealthRecord,
  ctx: IngestContext,
): Promise<RecordOutcome> {
  const workout = parseWorkout(record, ctx);
  const { userId } = ctx;
  // Zones come from the samples, else the GPS heart rate; zones a client sends are ignored.
  const hr = workout.hrSamples.t.length > 0 ? workout.hrSamples : hrSeriesFromTrack(workout.track);
  const fallbackElapsed = workout.end
    ? (workout.end.getTime() - workout.start.getTime()) / 1000
    : null;
  const derived = deriveTelemetry(workout.telemetrySent, workout.track, hr, fallbackElapsed);
  const laps = summariseLaps(workout.laps, workout.track, derived.cumulative, hr);

  // One round trip: postgres.js pipelines the three statements.
  const [profile, , entry] = await Promise.all([
    loadZoneProfile(tx, userId),
    ensureExercise(tx, userId, workout.activityType, workout.modality),
    upsertEntry(tx, entryRow(tx, workout, userId, derived), workout.activityType),
  ]);
  const observedMax = hr.bpm.length > 0 ? Math.max(...hr.bpm) : null;
  const maxHeartRate = estimateMaxHeartRate(profile, workout.entryDate, observedMax);
  const zones = maxHeartRate && hr.t.length > 1 ? computeHrZones(hr, maxHeartRate) : [];
  // Settled, not Promise.all: after a failure, the rollback to the savepoint must wait for the
  // track's insert, which is sent last, or that insert would land outside the savepoint.
  const written = await Promise.allSettled([
    replaceLaps(tx, entry.id, userId, laps),
    replaceHrZones(tx, entry.id, userId, zones),
    (entry.created ? insertSets : syncSets)(tx, entry.id, userId, workout.sets),
    mergeMetricSamples(
      tx,
      { userId, metric: "heart_rate", source: workout.source, entryId: entry.id },
      { t: workout.hrSamples.t, values: workout.hrSamples.bpm },
      recordZone(record, ctx.profileTimezone),
    ),
    // The track's channels (the biggest parameters) are formatted while PostgreSQL writes the
    // statements above: on a sequential sync, the two cores work at the same time.
    afterQueuedWrites(() => replaceGpsTrack(tx, entry.id, userId, workout.track)),
  ]);
  const failed = written.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return {
    kind: "processed",
    type: String(record.type),
    status: "success",
    data: {
      id: entry.id,
      created: entry.created,
      exercise_id: entry.exercise_id,
      entry_date: workout.entryDate,
      gps_points: workout.track.t.length,
      hr_samples: workout.hrSamples.t.length,
      laps: laps.length,
    },
  };
}

function entryRow(
  tx: Tx,
  workout: ParsedWorkout,
  userId: string,
  derived: ReturnType<typeof deriveTelemetry>,
): EntryRow {
  const derivedKm = derived.distanceMeters === null ? null : derived.distanceMeters / 1000;
  return {
    user_id: userId,
    activity_type: workout.activityType,
    entry_date: workout.entryDate,
    entry_time: workout.entryTime,
    start_time: workout.start,
    end_time: workout.end,
    record_timezone: workout.recordTimezone,
    duration_seconds: workout.durationSeconds ?? derived.telemetry.elapsed_time_seconds,
    calories_burned: workout.caloriesBurned,
    distance: workout.distanceKm ?? derivedKm,
    title: workout.title,
    notes: workout.notes,
    source: workout.source,
    source_id: workout.sourceId,
    raw_data: workout.rawData === null ? null : tx.json(workout.rawData as postgres.JSONValue),
    ...derived.telemetry,
  };
}
