/**
 * Sport words of activity files as the app's activity types: "Running", "Cycling",
 * "Stand Up Paddleboarding". Files name a sport in many spellings (TCX "Biking", GPX
 * "running" or Strava's numbers, FIT "stand_up_paddleboarding" or the SDK's
 * "standUpPaddleboarding"); one sport gets one activity type whatever the file said.
 */

/** The name every activity without a known sport gets. */
export const GENERIC_ACTIVITY = "Workout";

// Strava's GPX export writes <type> as a number: the position of the activity type in its
// original list (1 Ride, 9 Run, 16 Swim, ...).
const STRAVA_GPX_TYPES = [
  "Ride",
  "AlpineSki",
  "BackcountrySki",
  "Hike",
  "IceSkate",
  "InlineSkate",
  "NordicSki",
  "RollerSki",
  "Run",
  "Walk",
  "Workout",
  "Snowboard",
  "Snowshoe",
  "Kitesurf",
  "Windsurf",
  "Swim",
  "VirtualRide",
  "EBikeRide",
  "Velomobile",
  "Canoeing",
  "Kayaking",
  "Rowing",
  "StandUpPaddling",
  "Surfing",
  "Crossfit",
  "Elliptical",
  "RockClimbing",
  "StairStepper",
  "WeightTraining",
  "Yoga",
  "Handcycle",
  "Wheelchair",
  "VirtualRun",
];

// Spellings whose readable form is not the activity type, by key (lower case, letters and
// digits only). Every other word reads as itself: "rock_climbing" is "Rock Climbing".
const ALIASES: Record<string, string> = {
  run: "Running",
  trailrun: "Trail Running",
  virtualrun: "Virtual Running",
  treadmill: "Treadmill Running",
  indoorrunning: "Treadmill Running",
  ride: "Cycling",
  bike: "Cycling",
  biking: "Cycling",
  road: "Cycling",
  roadbiking: "Cycling",
  roadcycling: "Cycling",
  mountainbikeride: "Mountain Biking",
  mountain: "Mountain Biking",
  gravelride: "Gravel Cycling",
  virtualride: "Virtual Cycling",
  spin: "Indoor Cycling",
  ebikeride: "E-Biking",
  ebiking: "E-Biking",
  walk: "Walking",
  hike: "Hiking",
  swim: "Swimming",
  lapswimming: "Pool Swimming",
  openwater: "Open Water Swimming",
  nordicski: "Cross-Country Skiing",
  crosscountryskiing: "Cross-Country Skiing",
  alpineski: "Downhill Skiing",
  alpineskiing: "Downhill Skiing",
  backcountryski: "Backcountry Skiing",
  rollerski: "Roller Skiing",
  snowboard: "Snowboarding",
  snowshoe: "Snowshoeing",
  iceskate: "Ice Skating",
  inlineskate: "Inline Skating",
  kitesurf: "Kitesurfing",
  windsurf: "Windsurfing",
  standuppaddling: "Stand Up Paddleboarding",
  sup: "Stand Up Paddleboarding",
  weighttraining: "Strength Training",
  handcycle: "Handcycling",
  hiit: "HIIT",
  highintensityintervaltraining: "HIIT",
  crossfit: "CrossFit",
  generic: GENERIC_ACTIVITY,
  other: GENERIC_ACTIVITY,
  workout: GENERIC_ACTIVITY,
};

const keyOf = (word: string) => word.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * A word as words: "stand_up_paddleboarding", "standUpPaddleboarding" and "StandUpPaddling"
 * read "Stand Up Paddleboarding", "Stand Up Paddling". For names no table knows.
 */
export function readableSportName(word: string): string {
  return word
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\s-]+/g, " ")
    .toLowerCase()
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * The activity type of a file's sport word: TCX's Sport attribute, GPX's <type> (Strava's
 * numbers included), a FIT sport or sub-sport name in either spelling. Empty, generic and
 * unknown numbers are "Workout".
 */
export function sportName(word: string | null | undefined): string {
  const text = (word ?? "").trim();
  if (/^\d+$/.test(text)) {
    const strava = STRAVA_GPX_TYPES[Number(text) - 1];
    return strava ? sportName(strava) : GENERIC_ACTIVITY;
  }
  const key = keyOf(text);
  if (!key) return GENERIC_ACTIVITY;
  return ALIASES[key] ?? readableSportName(text);
}

/** FIT's sport and sub-sport (SDK names) for the activity types a FIT sport cannot name. */
const FIT_SUB_SPORTS: Record<string, [sport: string, subSport: string]> = {
  "Trail Running": ["running", "trail"],
  "Treadmill Running": ["running", "treadmill"],
  "Virtual Running": ["running", "virtualActivity"],
  "Mountain Biking": ["cycling", "mountain"],
  "Gravel Cycling": ["cycling", "gravelCycling"],
  "Indoor Cycling": ["cycling", "indoorCycling"],
  "Virtual Cycling": ["cycling", "virtualActivity"],
  "Pool Swimming": ["swimming", "lapSwimming"],
  "Open Water Swimming": ["swimming", "openWater"],
  "Indoor Rowing": ["rowing", "indoorRowing"],
  "Backcountry Skiing": ["alpineSkiing", "backcountry"],
  "Strength Training": ["training", "strengthTraining"],
  Yoga: ["training", "yoga"],
  Pilates: ["training", "pilates"],
  Elliptical: ["fitnessEquipment", "elliptical"],
  "Stair Stepper": ["fitnessEquipment", "stairClimbing"],
};

/**
 * The FIT sport and sub-sport (SDK names, as its encoder takes them) of an activity type:
 * every FIT sport whose activity type it is, the sub-sports above, else generic. Health
 * platform names ("HKWorkoutActivityTypeRunning", "EXERCISE_TYPE_RUNNING") are read too.
 */
export function fitSportOf(
  activityType: string | null,
  fitSports: readonly string[],
): { sport: string; subSport: string } {
  const name = sportName(
    (activityType ?? "").replace(/^HKWorkoutActivityType/, "").replace(/^EXERCISE_TYPE_/, ""),
  );
  const sub = FIT_SUB_SPORTS[name];
  if (sub) return { sport: sub[0], subSport: sub[1] };
  const sport = fitSports.find((s) => s !== "generic" && s !== "all" && sportName(s) === name);
  return { sport: sport ?? "generic", subSport: "generic" };
}
