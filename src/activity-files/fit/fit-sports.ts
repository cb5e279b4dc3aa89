/**
 * Activity names for FIT's sport and sub-sport enums (as the SDK spells them: "cycling",
 * "indoorCycling"), in the words the workout store's modality rules read ("Running",
 * "Indoor Cycling", "Strength Training").
 */

const SPORTS: Record<string, string> = {
  generic: "Workout",
  running: "Running",
  cycling: "Cycling",
  transition: "Transition",
  fitnessEquipment: "Fitness Equipment",
  swimming: "Swimming",
  americanFootball: "American Football",
  training: "Training",
  walking: "Walking",
  crossCountrySkiing: "Cross-Country Skiing",
  alpineSkiing: "Downhill Skiing",
  eBiking: "E-Biking",
  standUpPaddleboarding: "Stand-Up Paddleboarding",
  hiit: "HIIT",
  wheelchairPushWalk: "Wheelchair Walk",
  wheelchairPushRun: "Wheelchair Run",
  jumpRope: "Jump Rope",
  poolApnea: "Pool Apnea",
  all: "Workout",
};

// Sub-sports that name a different activity than their sport; the rest keep the sport's name.
const SUB_SPORTS: Record<string, string> = {
  treadmill: "Treadmill Running",
  trail: "Trail Running",
  track: "Track Running",
  indoorRunning: "Indoor Running",
  ultra: "Ultra Running",
  spin: "Spin Cycling",
  indoorCycling: "Indoor Cycling",
  mountain: "Mountain Biking",
  downhill: "Downhill Biking",
  recumbent: "Recumbent Cycling",
  cyclocross: "Cyclocross",
  handCycling: "Hand Cycling",
  indoorHandCycling: "Indoor Hand Cycling",
  trackCycling: "Track Cycling",
  gravelCycling: "Gravel Cycling",
  bmx: "BMX",
  eBikeFitness: "E-Bike Fitness Cycling",
  eBikeMountain: "E-Mountain Biking",
  eBikeEnduro: "E-Bike Enduro Cycling",
  virtualActivity: "Virtual Activity",
  indoorRowing: "Indoor Rowing",
  elliptical: "Elliptical",
  stairClimbing: "Stair Climbing",
  lapSwimming: "Pool Swimming",
  openWater: "Open Water Swimming",
  flexibilityTraining: "Flexibility Training",
  strengthTraining: "Strength Training",
  cardioTraining: "Cardio Training",
  indoorSkiing: "Indoor Skiing",
  skateSkiing: "Skate Skiing",
  backcountry: "Backcountry Skiing",
  indoorWalking: "Indoor Walking",
  casualWalking: "Walking",
  speedWalking: "Speed Walking",
  yoga: "Yoga",
  pilates: "Pilates",
  hiit: "HIIT",
  breathing: "Breathing",
  indoorClimbing: "Indoor Climbing",
  bouldering: "Bouldering",
  pickleball: "Pickleball",
  padel: "Padel",
  squash: "Squash",
  badminton: "Badminton",
  racquetball: "Racquetball",
  tableTennis: "Table Tennis",
  rucking: "Rucking",
  whitewater: "Whitewater Kayaking",
  bikeToRunTransition: "Transition",
  runToBikeTransition: "Transition",
  swimToBikeTransition: "Transition",
};

// A virtual activity is named after its sport: a Zwift ride is a virtual ride.
const VIRTUAL: Record<string, string> = {
  cycling: "Virtual Cycling",
  running: "Virtual Running",
  rowing: "Virtual Rowing",
};

/** The activity name of a FIT sport and sub-sport. */
export function fitSportName(sport: unknown, subSport?: unknown): string {
  const s = typeof sport === "string" ? sport : "generic";
  const sub = typeof subSport === "string" ? subSport : "generic";
  if (sub === "virtualActivity" && VIRTUAL[s]) return VIRTUAL[s];
  return SUB_SPORTS[sub] ?? SPORTS[s] ?? words(s);
}

/** Whether FIT's cadence counts strides (one per two steps) for this sport. */
export function countsStrides(sport: unknown): boolean {
  return sport === "running" || sport === "walking" || sport === "hiking";
}

/** "standUpPaddleboarding" -> "Stand Up Paddleboarding"; numbers (unknown enums) -> "Workout". */
function words(value: string): string {
  if (!/^[a-z]/i.test(value)) return "Workout";
  const spaced = value.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ");
  return spaced.replace(/\b\w/g, (c) => c.toUpperCase());
}
