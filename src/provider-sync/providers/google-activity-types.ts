// Google Fit activity types: https://developers.google.com/fit/rest/v1/reference/activity-types
const NAMES: Record<number, string> = {
  1: "Cycling",
  7: "Walking",
  8: "Running",
  16: "Cycling",
  35: "Hiking",
  56: "Running",
  58: "Running",
  80: "Strength Training",
  82: "Swimming",
  100: "Yoga",
  103: "Rowing",
  113: "Crossfit",
};

/** Sleep (72) and its stage types (109 to 112) are sleep sessions, not workouts. */
export const SLEEP_ACTIVITY_TYPES = new Set([72, 109, 110, 111, 112]);

export function googleActivityName(activityType: number): string {
  return NAMES[activityType] ?? "Workout";
}
