import type { HealthRecord } from "../../lib/ingest-types.ts";

// Withings workout categories: https://developer.withings.com/api-reference/#tag/measure
const CATEGORIES: Record<number, string> = {
  1: "Walking",
  2: "Running",
  3: "Hiking",
  6: "Cycling",
  7: "Swimming",
  16: "Yoga",
  17: "Pilates",
  21: "Rowing",
  272: "Strength Training",
};

export type WithingsWorkout = {
  id: number;
  category: number;
  startdate: number;
  enddate: number;
  timezone?: string;
  data?: { calories?: number; distance?: number };
};

/** A getworkouts series item as a workout record keyed by its Withings id. */
export function withingsWorkout(w: WithingsWorkout): HealthRecord {
  return {
    type: "ExerciseSession",
    source: "withings",
    source_id: String(w.id),
    activityType: CATEGORIES[w.category] ?? "Workout",
    startTime: new Date(w.startdate * 1000).toISOString(),
    endTime: new Date(w.enddate * 1000).toISOString(),
    duration: w.enddate - w.startdate,
    caloriesBurned: w.data?.calories ?? null,
    distance: w.data?.distance === undefined ? null : w.data.distance / 1000,
    record_timezone: w.timezone,
  };
}
