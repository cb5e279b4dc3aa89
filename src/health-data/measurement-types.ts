/**
 * Where each scalar record type of the phone app goes. The spellings are those of the app's
 * HealthMetrics table and transformation code (Health Connect and HealthKit), plus the older
 * names earlier app versions sent; the units are the ones its metric table declares.
 */

/** The day's check-in columns a record type fills. */
export type CheckInColumn =
  | "weight"
  | "steps"
  | "height"
  | "body_fat_percentage"
  | "bone_mass_kg"
  | "muscle_mass_kg"
  | "body_water_percentage";

export const CHECK_IN_TYPES: Record<string, CheckInColumn> = {
  weight: "weight",
  step: "steps",
  steps: "steps",
  height: "height",
  body_fat: "body_fat_percentage",
  body_fat_percentage: "body_fat_percentage",
  bone_mass: "bone_mass_kg",
  bone_mass_kg: "bone_mass_kg",
  muscle_mass: "muscle_mass_kg",
  muscle_mass_kg: "muscle_mass_kg",
  body_water_percentage: "body_water_percentage",
};

/** Active energy: "Active Calories" is the aggregated day total, the others raw records. */
export const ACTIVE_CALORIES_TYPES = new Set([
  "Active Calories",
  "active_calories",
  "ActiveCaloriesBurned",
]);

/** A measurement kept as a custom category: one category whatever the spelling. */
type KnownMeasurement = { category: string; display_name: string; unit: string };

/** The app's names of a measurement, the first being its category; its label and unit. */
const KNOWN: [names: [string, ...string[]], display_name: string, unit: string][] = [
  [["heart_rate", "HeartRate"], "Heart rate", "bpm"],
  [["resting_heart_rate", "resting_hr", "RestingHeartRate"], "Resting heart rate", "bpm"],
  [["HRV", "HeartRateVariabilityRmssd"], "HRV (RMSSD)", "ms"],
  [["HRV_SDNN", "HeartRateVariabilitySDNN"], "HRV (SDNN)", "ms"],
  [["blood_pressure_systolic"], "Blood pressure (systolic)", "mmHg"],
  [["blood_pressure_diastolic"], "Blood pressure (diastolic)", "mmHg"],
  [["blood_glucose", "BloodGlucose"], "Blood glucose", "mmol/L"],
  [
    ["blood_oxygen_saturation", "oxygen_saturation", "OxygenSaturation", "BloodOxygenSaturation"],
    "Blood oxygen (SpO2)",
    "percent",
  ],
  [["vo2_max", "vo2max", "Vo2Max"], "VO2 max", "ml/min/kg"],
  [["respiratory_rate", "RespiratoryRate"], "Respiratory rate", "breaths/min"],
  [["distance", "Distance"], "Distance", "m"],
  [["floors_climbed", "floors", "FloorsClimbed"], "Floors climbed", "count"],
  [["steps_cadence", "StepsCadence"], "Steps cadence", "steps/min"],
  [
    ["cycling_cadence", "cycling_pedaling_cadence", "CyclingPedalingCadence"],
    "Cycling cadence",
    "rpm",
  ],
  [["walking_asymmetry"], "Walking asymmetry", "percent"],
  [["walking_double_support"], "Walking double support", "percent"],
  [["blood_alcohol_content", "blood_alcohol"], "Blood alcohol", "percent"],
  [["basal_metabolic_rate", "bmr", "BasalMetabolicRate"], "Basal metabolic rate", "kcal"],
  [["total_calories", "TotalCaloriesBurned"], "Total calories", "kcal"],
  [["body_temperature", "BodyTemperature"], "Body temperature", "celsius"],
  [["lean_body_mass", "LeanBodyMass"], "Lean body mass", "kg"],
  [["elevation_gained"], "Elevation gained", "m"],
  [["speed"], "Speed", "m/s"],
  [["power"], "Power", "watts"],
  [["wheelchair_pushes"], "Wheelchair pushes", "count"],
  [["walking_speed"], "Walking speed", "m/s"],
  [["walking_step_length"], "Walking step length", "cm"],
  [["running_speed"], "Running speed", "m/s"],
  [["running_power"], "Running power", "watts"],
  [["cycling_speed"], "Cycling speed", "m/s"],
  [["cycling_power"], "Cycling power", "watts"],
];

const KNOWN_BY_NAME = new Map(
  KNOWN.flatMap(([names, display_name, unit]) => {
    const known: KnownMeasurement = { category: names[0], display_name, unit };
    return names.map((name) => [name, known] as const);
  }),
);

// The app's day statistics of a metric: three records per day, "<type>_min/_max/_avg".
const STATISTIC = /_(min|max|avg)$/;
const STATISTIC_LABELS: Record<string, string> = { min: "min", max: "max", avg: "average" };

/**
 * The custom category a record type goes to: its canonical name, label and unit for a known
 * measurement (and for its daily min/max/average), the type itself otherwise. The unit the
 * record carries wins over the known one: values are stored as sent.
 */
export function customCategoryOf(
  type: string,
  sentUnit: string | null,
):
  | KnownMeasurement
  | {
      category: string;
      display_name: null;
      unit: string | null;
    } {
  const known = KNOWN_BY_NAME.get(type);
  if (known) return { ...known, unit: sentUnit ?? known.unit };
  const statistic = STATISTIC.exec(type);
  const base = statistic ? KNOWN_BY_NAME.get(type.slice(0, statistic.index)) : undefined;
  if (base && statistic) {
    return {
      category: `${base.category}_${statistic[1]}`,
      display_name: `${base.display_name} (${STATISTIC_LABELS[statistic[1]!]})`,
      unit: sentUnit ?? base.unit,
    };
  }
  return { category: type, display_name: null, unit: sentUnit };
}

const METRES = new Set(["m", "meter", "meters", "metre", "metres"]);
const CENTIMETRES = new Set(["cm", "centimeter", "centimeters", "centimetre", "centimetres"]);

/**
 * Height in cm, the check-in's unit. The app sends metres (Health Connect's `inMeters`);
 * without a unit, a value under 3 can only be metres.
 */
export function heightInCm(value: number, unit: string | null): number | null {
  const u = unit?.trim().toLowerCase() ?? "";
  if (METRES.has(u) || (u === "" && value < 3)) return Math.round(value * 10000) / 100;
  if (CENTIMETRES.has(u) || u === "") return value;
  return null;
}
