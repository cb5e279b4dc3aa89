import type { Activity } from "../activity-files/activity.ts";
import { toWorkoutRecord } from "../activity-files/to-workout.ts";
import type { HealthRecord } from "../lib/ingest-types.ts";
import { activityName } from "../provider-sync/activity-names.ts";
import { APPLE_SOURCE, readAppleTime, stableId, type Attributes } from "./apple-health-map.ts";
import type { AppleWorkout } from "./apple-health-xml.ts";

const SECONDS: Record<string, number> = { s: 1, min: 60, hr: 3600 };
const KM: Record<string, number> = { km: 1, m: 0.001, mi: 1.609344, yd: 0.0009144 };
const KCAL: Record<string, number> = { kcal: 1, Cal: 1, kJ: 1 / 4.184 };

function scaled(
  value: string | undefined,
  unit: string | undefined,
  factors: Record<string, number>,
) {
  const n = Number(value);
  const factor = factors[unit ?? ""];
  return value && Number.isFinite(n) && factor !== undefined ? n * factor : null;
}

function statistic(w: AppleWorkout, suffix: string): Attributes | undefined {
  return w.statistics.find((s) => s.type?.endsWith(suffix));
}

/** The workout's own id when Apple kept one, else one made of what identifies it. */
export function workoutSourceId(w: AppleWorkout): string {
  const a = w.attributes;
  return (
    w.metadata.HKExternalUUID ||
    w.metadata.HKMetadataKeySyncIdentifier ||
    stableId("Workout", a.workoutActivityType, a.startDate, a.endDate, a.sourceName)
  );
}

/**
 * A Workout element (with its statistics, and the route's GPS track when the zip has it) as
 * the ExerciseSession record a phone syncs. Null when its times cannot be read.
 */
export function workoutRecord(w: AppleWorkout, route: Activity | null): HealthRecord | null {
  const a = w.attributes;
  const start = readAppleTime(a.startDate);
  const end = readAppleTime(a.endDate);
  if (!start || !end) return null;
  const distance =
    statistic(w, "DistanceWalkingRunning") ??
    statistic(w, "DistanceCycling") ??
    statistic(w, "DistanceSwimming");
  const energy = statistic(w, "ActiveEnergyBurned");
  const heart = statistic(w, "HeartRate");
  const telemetry: Record<string, number> = {};
  const avg = Number(heart?.average);
  const max = Number(heart?.maximum);
  if (heart?.average && Number.isFinite(avg)) telemetry.avg_heart_rate = Math.round(avg);
  if (heart?.maximum && Number.isFinite(max)) telemetry.max_heart_rate = Math.round(max);
  const sourceId = workoutSourceId(w);
  return {
    ...(route ? toWorkoutRecord(route, sourceId) : {}),
    type: "ExerciseSession",
    activityType: activityName(a.workoutActivityType?.replace(/^HKWorkoutActivityType/, "") ?? ""),
    title: null,
    source: APPLE_SOURCE,
    source_id: sourceId,
    startTime: start.iso,
    endTime: end.iso,
    record_utc_offset_minutes: start.offsetMinutes,
    duration: scaled(a.duration, a.durationUnit, SECONDS) ?? (end.ms - start.ms) / 1000,
    distance:
      scaled(distance?.sum, distance?.unit, KM) ?? scaled(a.totalDistance, a.totalDistanceUnit, KM),
    caloriesBurned:
      scaled(energy?.sum, energy?.unit, KCAL) ??
      scaled(a.totalEnergyBurned, a.totalEnergyBurnedUnit, KCAL),
    telemetry,
  };
}
