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

const KNOWN: [names: string[], known: KnownMeasurement][] = [
  [
    ["heart_rate", "HeartRate"],
    { category: "heart_rate", display_name: "Heart rate", unit: "bpm" },
  ],
  [
    ["resting_heart_rate", "resting_hr", "RestingHeartRate"],
    { category: "resting_heart_rate", display_name: "Resting heart rate", unit: "bpm" },
  ],
  [
    ["HRV", "HeartRateVariabilityRmssd"],
    { category: "HRV", display_name: "HRV (RMSSD)", unit: "ms" },
  ],
  [
    ["HRV_SDNN", "HeartRateVariabilitySDNN"],
    { category: "HRV_SDNN", display_name: "HRV (SDNN)", unit: "ms" },
  ],
  [
    ["blood_pressure_systolic"],
    {
      category: "blood_pressure_systolic",
      display_name: "Blood pressure (systolic)",
      unit: "mmHg",
    },
  ],
  [
    ["blood_pressure_diastolic"],
    {
      category: "blood_pressure_diastolic",
      display_name: "Blood pressure (diastolic)",
      unit: "mmHg",
    },
  ],
  [
    ["blood_glucose", "BloodGlucose"],
    { category: "blood_glucose", display_name: "Blood glucose", unit: "mmol/L" },
  ],
  [
    ["blood_oxygen_saturation", "oxygen_saturation", "OxygenSaturation", "BloodOxygenSaturation"],
    { category: "blood_oxygen_saturation", display_name: "Blood oxygen (SpO2)", unit: "percent" },
  ],
  [
    ["vo2_max", "vo2max", "Vo2Max"],
    { category: "vo2_max", display_name: "VO2 max", unit: "ml/min/kg" },
  ],
  [
    ["respiratory_rate", "RespiratoryRate"],
    { category: "respiratory_rate", display_name: "Respiratory rate", unit: "breaths/min" },
  ],
  [["distance", "Distance"], { category: "distance", display_name: "Distance", unit: "m" }],
  [
    ["floors_climbed", "floors", "FloorsClimbed"],
    { category: "floors_climbed", display_name: "Floors climbed", unit: "count" },
  ],
  [
    ["steps_cadence", "StepsCadence"],
    { category: "steps_cadence", display_name: "Steps cadence", unit: "steps/min" },
  ],
  [
    ["cycling_cadence", "cycling_pedaling_cadence", "CyclingPedalingCadence"],
    { category: "cycling_cadence", display_name: "Cycling cadence", unit: "rpm" },
  ],
  [
    ["walking_asymmetry"],
    { category: "walking_asymmetry", display_name: "Walking asymmetry", unit: "percent" },
  ],
  [
    ["walking_double_support"],
    { category: "walking_double_support", display_name: "Walking double support", unit: "percent" },
  ],
  [
    ["blood_alcohol_content", "blood_alcohol"],
    { category: "blood_alcohol_content", display_name: "Blood alcohol", unit: "percent" },
  ],
  [
    ["basal_metabolic_rate", "bmr", "BasalMetabolicRate"],
    { category: "basal_metabolic_rate", display_name: "Basal metabolic rate", unit: "kcal" },
  ],
  [
    ["total_calories", "TotalCaloriesBurned"],
    { category: "total_calories", display_name: "Total calories", unit: "kcal" },
  ],
  [
    ["body_temperature", "BodyTemperature"],
    { category: "body_temperature", display_name: "Body temperature", unit: "celsius" },
  ],
  [
    ["lean_body_mass", "LeanBodyMass"],
    { category: "lean_body_mass", display_name: "Lean body mass", unit: "kg" },
  ],
  [
    ["elevation_gained"],
    { category: "elevation_gained", display_name: "Elevation gained", unit: "m" },
  ],
  [["speed"], { category: "speed", display_name: "Speed", unit: "m/s" }],
  [["power"], { category: "power", display_name: "Power", unit: "watts" }],
  [
    ["wheelchair_pushes"],
    { category: "wheelchair_pushes", display_name: "Wheelchair pushes", unit: "count" },
  ],
  [["walking_speed"], { category: "walking_speed", display_name: "Walking speed", unit: "m/s" }],
  [
    ["walking_step_length"],
    { category: "walking_step_length", display_name: "Walking step length", unit: "cm" },
  ],
  [["running_speed"], { category: "running_speed", display_name: "Running speed", unit: "m/s" }],
  [["running_power"], { category: "running_power", display_name: "Running power", unit: "watts" }],
  [["cycling_speed"], { category: "cycling_speed", display_name: "Cycling speed", unit: "m/s" }],
  [["cycling_power"], { category: "cycling_power", display_name: "Cycling power", unit: "watts" }],
];

const KNOWN_BY_NAME = new Map(KNOWN.flatMap(([names, known]) => names.map((n) => [n, known])));

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
