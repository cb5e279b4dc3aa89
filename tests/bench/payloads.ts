/** Request bodies for the three scenarios, built so each request is cheap to produce. */

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(1990, 0, 1);
const CUSTOM_TYPE = "blood_glucose";

function dayString(index: number): string {
  return new Date(FIRST_DAY + index * DAY_MS).toISOString().slice(0, 10);
}

/** (a) 100 scalar records, 25 each of weight, step, water and a custom type, on new days. */
export function scalarBatch(request: number): string {
  const records = [];
  for (let k = 0; k < 25; k++) {
    const date = dayString(request * 25 + k);
    const timestamp = `${date}T${String(6 + (k % 12)).padStart(2, "0")}:15:00Z`;
    const common = { date, timestamp, source: "HealthKit" };
    records.push(
      { ...common, type: "weight", value: 70 + (k % 10) / 10 },
      { ...common, type: "step", value: 4000 + request + k },
      { ...common, type: "water", value: 250 + k },
      { ...common, type: CUSTOM_TYPE, value: 5 + (k % 7) / 10 },
    );
  }
  return JSON.stringify(records);
}

export const WORKOUT = { points: 2000, hrSamples: 1200, laps: 5 } as const;
const TEMPLATE_DAY = "2024-03-05";
const SOURCE_ID_MARK = "__BENCH_SOURCE_ID__";
const START = Date.parse(`${TEMPLATE_DAY}T10:00:00Z`);

/**
 * One run: 2,000 GPS points 1 s apart, 1,200 HR samples, 5 laps, part of the telemetry
 * given by the client (the rest is for the server to derive).
 */
function buildWorkoutTemplate(): string {
  const iso = (seconds: number) => new Date(START + seconds * 1000).toISOString();
  let dist = 0;
  const gps_points = Array.from({ length: WORKOUT.points }, (_, i) => {
    const speed = 2.8 + Math.sin(i / 60) * 0.4;
    dist += speed;
    return {
      t: iso(i),
      lat: 52.52 + i * 0.00002,
      lon: 13.405 + Math.sin(i / 200) * 0.001,
      alt: 35 + Math.sin(i / 150) * 12 + ((i * 7) % 5) * 0.1,
      speed: Math.round(speed * 100) / 100,
      hr: 120 + Math.round(40 * Math.sin(i / 400) ** 2),
      dist: Math.round(dist * 10) / 10,
    };
  });
  const step = WORKOUT.points / WORKOUT.hrSamples;
  const hr_samples = Array.from({ length: WORKOUT.hrSamples }, (_, i) => ({
    t: iso(Math.floor(i * step)),
    bpm: 118 + Math.round(45 * Math.sin(i / 240) ** 2),
  }));
  const lapSeconds = WORKOUT.points / WORKOUT.laps;
  const laps = Array.from({ length: WORKOUT.laps }, (_, i) => ({
    lap_index: i,
    start_time: iso(i * lapSeconds),
    end_time: iso((i + 1) * lapSeconds),
  }));
  return JSON.stringify([
    {
      type: "ExerciseSession",
      source: "HealthKit",
      source_id: SOURCE_ID_MARK,
      date: TEMPLATE_DAY,
      timestamp: iso(0),
      startTime: iso(0),
      endTime: iso(WORKOUT.points),
      duration: WORKOUT.points,
      activityType: "Running",
      title: "Bench run",
      caloriesBurned: 410,
      distance: Math.round(dist) / 1000,
      record_timezone: "Europe/Berlin",
      sets: [{ set_number: 1, set_type: "working", duration_seconds: WORKOUT.points }],
      raw_data: { device: "bench" },
      telemetry: { avg_cadence: 168, active_calories: 390, floors_climbed: 2 },
      gps_points,
      hr_samples,
      laps,
    },
  ]);
}

const template = buildWorkoutTemplate();
export const WORKOUT_BODY_BYTES = template.length;

/** The workout moved to `day` with `sourceId`: string replacement keeps this under a millisecond. */
export function workoutBody(sourceId: string, dayIndex: number): string {
  return template.replaceAll(TEMPLATE_DAY, dayString(dayIndex)).replace(SOURCE_ID_MARK, sourceId);
}

/** The calendar day (record zone) of a workout placed with `workoutBody(_, dayIndex)`. */
export function workoutDay(dayIndex: number): string {
  return dayString(dayIndex);
}
