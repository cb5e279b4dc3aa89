import type { HealthRecord } from "../lib/ingest-types.ts";
import type { Activity } from "./activity.ts";

/** The source every imported file's workout carries. */
export const FILE_SOURCE = "file";

/**
 * An activity as the Workout record /api/health-data takes, so the import goes through the
 * same parsing, derivations, laps and zones; the GPS points in the file's order (ingested
 * with `recordedOrder`), the first after each pause marked `new_segment`. Times stay epoch-ms numbers, which the
 * workout parser accepts, sparing 10,000 ISO strings for a long ride.
 */
export function toWorkoutRecord(activity: Activity, sourceId: string): HealthRecord {
  const s = activity.samples;
  const gps: Record<string, unknown>[] = [];
  const hr: { t: number; bpm: number }[] = [];
  const segmentStarts = new Set(activity.segmentStarts);
  let paused = false;
  const separate = activity.heartRate;
  if (separate)
    for (let i = 0; i < separate.t.length; i++)
      hr.push({ t: separate.t[i]!, bpm: separate.bpm[i]! });
  for (let i = 0; i < s.t.length; i++) {
    const t = s.t[i]!;
    if (!separate && s.hr[i] !== null) hr.push({ t, bpm: s.hr[i]! });
    paused ||= segmentStarts.has(i);
    if (s.lat[i] === null || s.lon[i] === null) continue;
    gps.push({
      ...(paused && gps.length > 0 && { new_segment: true }),
      t,
      lat: s.lat[i],
      lon: s.lon[i],
      alt: s.alt[i],
      speed: s.speed[i],
      hr: s.hr[i],
      cad: s.cad[i],
      power: s.power[i],
      dist: s.dist[i],
    });
    paused = false;
  }
  return {
    type: "Workout",
    activityType: activity.sport,
    title: activity.name,
    source: FILE_SOURCE,
    source_id: sourceId,
    startTime: activity.start.toISOString(),
    endTime: activity.end?.toISOString() ?? null,
    duration: activity.durationSeconds,
    distance: activity.distanceMeters === null ? null : activity.distanceMeters / 1000,
    caloriesBurned: activity.calories,
    gps_points: gps,
    hr_samples: hr,
    // The device's totals are sent as the record's telemetry, which the workout store keeps
    // over what it derives from the series.
    telemetry: activity.deviceTotals ?? null,
    sets: activity.sets?.length ? activity.sets : null,
    // Each lap with the device's figures, which the workout store keeps over its own.
    laps: activity.laps.map((lap, i) => ({
      lap_index: i,
      start_time: new Date(lap.start).toISOString(),
      end_time: new Date(lap.end).toISOString(),
      ...lap.figures,
    })),
  };
}
