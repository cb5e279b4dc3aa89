import type postgres from "postgres";
import type { Tx } from "../db.ts";
import type { HealthRecord, IngestContext, RecordOutcome } from "../health-data/ingest-types.ts";
import { recordZone } from "../health-data/record-time.ts";
import { mergeMetricSamples } from "../telemetry/samples-store.ts";
import { computeHrZones, estimateMaxHeartRate } from "./hr-zones.ts";
import { summariseLaps } from "./laps.ts";
import { parseWorkout, type ParsedWorkout } from "./parse-workout.ts";
import { hrSeriesFromTrack } from "./series.ts";
import {
  findOrCreateExercise,
  loadZoneProfile,
  replaceGpsTrack,
  replaceHrZones,
  replaceLaps,
  replaceSets,
  upsertEntry,
  type EntryRow,
} from "./store-workout.ts";
import { deriveTelemetry } from "./telemetry.ts";

/**
 * Saves one Workout/ExerciseSession record inside the caller's per-record savepoint: the
 * entry is upserted in place (same id on a re-post) and its children are replaced in the
 * same transaction. Three round trips: profile + exercise, entry, then all children.
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

  const [profile, exerciseId] = await Promise.all([
    loadZoneProfile(tx, userId),
    findOrCreateExercise(tx, userId, workout.activityType, workout.modality),
  ]);
  const observedMax = hr.bpm.length > 0 ? Math.max(...hr.bpm) : null;
  const maxHeartRate = estimateMaxHeartRate(profile, workout.entryDate, observedMax);
  const zones = maxHeartRate && hr.t.length > 1 ? computeHrZones(hr, maxHeartRate) : [];

  const entry = await upsertEntry(tx, entryRow(tx, workout, userId, exerciseId, derived));
  await Promise.all([
    replaceGpsTrack(tx, entry.id, userId, workout.track),
    replaceLaps(tx, entry.id, userId, laps),
    replaceHrZones(tx, entry.id, userId, zones),
    replaceSets(tx, entry.id, userId, workout.sets),
    mergeMetricSamples(
      tx,
      { userId, metric: "heart_rate", source: workout.source, entryId: entry.id },
      { t: workout.hrSamples.t, values: workout.hrSamples.bpm },
      recordZone(record, ctx.profileTimezone),
    ),
  ]);
  return {
    kind: "processed",
    type: String(record.type),
    status: "success",
    data: {
      id: entry.id,
      created: entry.created,
      exercise_id: exerciseId,
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
  exerciseId: string,
  derived: ReturnType<typeof deriveTelemetry>,
): EntryRow {
  const derivedKm = derived.distanceMeters === null ? null : derived.distanceMeters / 1000;
  return {
    user_id: userId,
    exercise_id: exerciseId,
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
