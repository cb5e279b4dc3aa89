// The services name sports in CamelCase or UPPER_SNAKE; the workouts store derives an
// exercise's modality from its name, so the common ones get the names phones use.
const KNOWN: Record<string, string> = {
  run: "Running",
  trailrun: "Trail Running",
  virtualrun: "Running",
  running: "Running",
  ride: "Cycling",
  virtualride: "Cycling",
  ebikeride: "Cycling",
  mountainbikeride: "Mountain Biking",
  gravelride: "Cycling",
  biking: "Cycling",
  cycling: "Cycling",
  walk: "Walking",
  walking: "Walking",
  hike: "Hiking",
  hiking: "Hiking",
  swim: "Swimming",
  swimming: "Swimming",
  weighttraining: "Strength Training",
  strengthtraining: "Strength Training",
  rowing: "Rowing",
  yoga: "Yoga",
};

/** A readable activity name for a service's sport type ("TrailRun" -> "Trail Running"). */
export function activityName(sportType: string): string {
  const key = sportType.replace(/[^a-zA-Z]/g, "").toLowerCase();
  if (KNOWN[key]) return KNOWN[key];
  const words = sportType
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Workout";
}
