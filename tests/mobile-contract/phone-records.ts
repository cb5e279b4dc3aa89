/**
 * Records of every type the phone app sends (reference/mobile-app-api.md, "Connecting and
 * syncing" item 6), shaped as its transformation code (SparkyFitnessMobile
 * services/healthconnect and services/shared dataTransformation.ts) shapes them: value
 * records carry `value`, `type`, `date`, `unit`, `source` and the zone offset, and no
 * timestamp; water carries its sample's instant and id; sessions carry their own ids.
 */

const SOURCE = "Health Connect";
const OFFSET = { record_utc_offset_minutes: 120 };
const at = (day: string, time: string) => `${day}T${time}Z`;

/** [type, value, unit]: one per day each, as HealthMetrics names and units them. */
export const VALUE_RECORDS: [string, number, string][] = [
  ["step", 9120, "count"],
  ["active_calories", 515, "kcal"],
  ["total_calories", 2380, "kcal"],
  ["weight", 80.4, "kg"],
  ["body_fat", 18.2, "%"],
  ["height", 1.78, "m"],
  ["bone_mass", 3.1, "kg"],
  ["heart_rate_min", 52, "bpm"],
  ["heart_rate_max", 151, "bpm"],
  ["heart_rate_avg", 74, "bpm"],
  ["resting_heart_rate", 55, "bpm"],
  ["HRV", 48, "ms"],
  ["HRV_SDNN", 51, "ms"],
  ["blood_pressure_systolic", 121, "mmHg"],
  ["blood_pressure_diastolic", 79, "mmHg"],
  ["blood_glucose", 5.4, "mmol/L"],
  ["blood_oxygen_saturation", 97, "percent"],
  ["vo2_max", 44.5, "ml/min/kg"],
  ["respiratory_rate", 14, "breaths/min"],
  ["distance", 6800, "m"],
  ["floors_climbed", 12, "count"],
  ["steps_cadence", 1.8, "steps_per_second"],
  ["cycling_pedaling_cadence", 85, "rpm"],
  ["walking_asymmetry", 2.1, "percent"],
  ["walking_double_support", 28.5, "percent"],
  ["blood_alcohol_content", 0.01, "percent"],
  ["basal_metabolic_rate", 1750, "kcal"],
  ["body_temperature", 36.7, "celsius"],
  ["lean_body_mass", 62, "kg"],
  ["dietary_protein", 96, "g"],
];

/** Scalar records for the days: one of each type per day, and the day's water samples. */
export function simpleRecords(days: string[]): Record<string, unknown>[] {
  return days.flatMap((day) => [
    ...VALUE_RECORDS.map(([type, value, unit]) => ({
      value,
      type,
      date: day,
      unit,
      source: SOURCE,
      ...OFFSET,
    })),
    ...["08:00:00", "14:00:00"].map((time, i) => ({
      value: 875,
      type: "water",
      date: day,
      unit: "ml",
      source: SOURCE,
      timestamp: at(day, time),
      source_id: `water-${day}-${i}`,
      ...OFFSET,
    })),
  ]);
}

/** Nutrients of the meal in the diary's units, as HC_NUTRIENT_COLUMNS converts them. */
export const MEAL_NUTRIENTS = {
  calories: 640,
  protein: 32,
  carbs: 70,
  fat: 22,
  saturated_fat: 6,
  polyunsaturated_fat: 3,
  monounsaturated_fat: 9,
  trans_fat: 0.2,
  dietary_fiber: 8,
  sugars: 12,
  cholesterol: 85,
  sodium: 900,
  potassium: 700,
  calcium: 180,
  iron: 4.5,
  vitamin_c: 30,
  vitamin_a: 250,
};

/** One night with stages and one meal per day: the small-chunk records. */
export function sessionRecords(days: string[]): Record<string, unknown>[] {
  return days.flatMap((day) => {
    const stage = (stage_type: string, start: string, end: string) => ({
      stage_type,
      start_time: at(day, start),
      end_time: at(day, end),
      duration_in_seconds: (Date.parse(at(day, end)) - Date.parse(at(day, start))) / 1000,
    });
    return [
      {
        type: "SleepSession",
        source: SOURCE,
        timestamp: at(day, "00:10:00"),
        entry_date: day,
        bedtime: at(day, "00:10:00"),
        wake_time: at(day, "06:40:00"),
        duration_in_seconds: 23400,
        time_asleep_in_seconds: 19800,
        stage_events: [
          stage("light", "00:10:00", "02:00:00"),
          stage("deep", "02:00:00", "03:30:00"),
          stage("awake", "03:30:00", "04:30:00"),
          stage("rem", "04:30:00", "06:40:00"),
        ],
        sleep_score: 0,
        deep_sleep_seconds: 5400,
        light_sleep_seconds: 6600,
        rem_sleep_seconds: 7800,
        awake_sleep_seconds: 3600,
        ...OFFSET,
      },
      {
        type: "Nutrition",
        source: SOURCE,
        source_id: `meal-${day}`,
        timestamp: at(day, "10:30:00"),
        food_name: "Lunch bowl",
        meal_type: "lunch",
        ...MEAL_NUTRIENTS,
        ...OFFSET,
      },
    ];
  });
}

/** A run with GPS, heart rate and laps per day, as model version 3 sends it. */
export function workoutRecords(days: string[]): Record<string, unknown>[] {
  return days.map((day) => {
    const start = Date.parse(at(day, "17:00:00"));
    const t = (s: number) => new Date(start + s * 1000).toISOString();
    const seconds = Array.from({ length: 31 }, (_, i) => i * 60);
    return {
      type: "ExerciseSession",
      source: SOURCE,
      source_id: `run-${day}`,
      date: day,
      entry_date: day,
      timestamp: t(0),
      startTime: t(0),
      endTime: t(1800),
      duration: 1800,
      activityType: "running",
      title: "Evening run",
      caloriesBurned: 310,
      distance: 5.2,
      record_timezone: "Europe/Berlin",
      sets: [{ set_number: 1, set_type: "working", duration_seconds: 1800 }],
      gps_points: seconds.map((s, i) => ({ t: t(s), lat: 52.5 + i * 0.0005, lon: 13.4, alt: 40 })),
      hr_samples: seconds.map((s, i) => ({ t: t(s), bpm: 120 + (i % 30) })),
      laps: [
        { lap_index: 0, start_time: t(0), end_time: t(900) },
        { lap_index: 1, start_time: t(900), end_time: t(1800) },
      ],
    };
  });
}
