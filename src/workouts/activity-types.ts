// reps_only (bodyweight reps) is chosen by hand or carried over, never guessed from a name.
export type Modality = "distance" | "duration" | "strength" | "reps_only";

// Matched against the activity name lower-cased with HealthKit/Health Connect prefixes
// removed, so "HKWorkoutActivityTypeRunning", "EXERCISE_TYPE_RUNNING" and "Running" agree.
const STRENGTH = /\b(strength|weight|weightlifting|lifting|crossfit|calisthenics|core training)/;
const DISTANCE =
  /\b(run|running|walk|walking|cycl|bik|biking|hik|swim|row|rowing|ski|skiing|skat|paddl|kayak|canoe|wheelchair|sail|surf)/;

/** The modality an exercise created from this activity type gets. */
export function modalityOf(activityType: string): Modality {
  const name = activityType
    .replace(/^HKWorkoutActivityType/, "")
    .replace(/^EXERCISE_TYPE_/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  if (STRENGTH.test(name)) return "strength";
  if (DISTANCE.test(name)) return "distance";
  return "duration";
}
