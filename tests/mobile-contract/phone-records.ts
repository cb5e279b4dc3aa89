/**
 * Records of every type the phone app sends (reference/mobile-app-api.md, "Connecting and
 * syncing" item 6), shaped as its transformation code shapes them: daily totals without a
 * source_id, samples with a timestamp, sessions with their own ids. Cycle records are the
 * cycle domain's and are replayed by its tests.
 */

const SOURCE = "Health Connect";

const SAMPLE_TYPES: [string, number][] = [
  ["heart_rate", 72],
  ["resting_hr", 55],
  ["HRV", 48],
  ["HRV_SDNN", 51],
  ["blood_pressure_systolic", 121],
  ["blood_pressure_diastolic", 79],
  ["blood_glucose", 5.4],
  ["oxygen_saturation", 97],
  ["blood_oxygen_saturation", 98],
  ["vo2max", 44.5],
  ["respiratory_rate", 14],
  ["steps_cadence", 160],
  ["cycling_cadence", 85],
  ["walking_asymmetry", 2.1],
  ["walking_double_support", 28.5],
  ["blood_alcohol", 0],
  ["body_fat", 18.2],
  ["height", 178],
  ["weight", 80.4],
  ["bmr", 1750],
];

const DAILY_TYPES: [string, number][] = [
  ["step", 9120],
  ["water", 1750],
  ["Active Calories", 520],
  ["active_calories", 515],
  ["total_calories", 2380],
  ["distance", 6.8],
  ["floors", 12],
  ["protein", 96],
];

const at = (day: string, time: string) => `${day}T${time}Z`;

/** Scalar records for the days: one daily total per day, two samples per day and type. */
export function simpleRecords(days: string[]): Record<string, unknown>[] {
  return days.flatMap((day) => [
    ...DAILY_TYPES.map(([type, value]) => ({ type, value, date: day, source: SOURCE })),
    ...SAMPLE_TYPES.flatMap(([type, value]) =>
      ["08:00:00", "20:00:00"].map((time, i) => ({
        type,
        value: value + i,
        date: day,
        timestamp: at(day, time),
        source: SOURCE,
        source_id: `${type}-${day}-${i}`,
      })),
    ),
  ]);
}

/** One night and one meal per day: the small-chunk records. */
export function sessionRecords(days: string[]): Record<string, unknown>[] {
  return days.flatMap((day) => [
    {
      type: "SleepSession",
      source: SOURCE,
      source_id: `sleep-${day}`,
      bedtime: at(day, "00:10:00"),
      wake_time: at(day, "06:40:00"),
      stage_events: [
        { stage: "light", start_time: at(day, "00:10:00"), end_time: at(day, "02:00:00") },
        { stage: "deep", start_time: at(day, "02:00:00"), end_time: at(day, "03:30:00") },
        { stage: "rem", start_time: at(day, "03:30:00"), end_time: at(day, "06:40:00") },
      ],
    },
    {
      type: "Nutrition",
      source: SOURCE,
      source_id: `meal-${day}`,
      date: day,
      timestamp: at(day, "12:30:00"),
      name: "Lunch",
      calories: 640,
      protein: 32,
      carbs: 70,
      fat: 22,
    },
  ]);
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
