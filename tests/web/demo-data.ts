import { seedGoals } from "./demo-goals.ts";
import { seedMeals } from "./demo-meals.ts";
import { bodyPhoto } from "./demo-photos.ts";
import { seedDemoRuns } from "./demo-runs.ts";
import { seedTrackers } from "./demo-trackers.ts";
import { dayBefore, heartRate, postHealthData, runRecord } from "./seed.ts";

const DAYS = 365;

/**
 * A year of one person's data, sent over the API as the phone app sends it: daily weight
 * drifting down, steps, water, sleep and meals up to today, a run every third day (GPS on
 * the last month's), a bench press session every week of the last two months (and its
 * preset on a weekly plan), goals, fasts, today's mood and blood pressure, and progress
 * photos a month apart.
 */
export async function seedDemoYear(url: string, token: string, today: string): Promise<void> {
  const records: unknown[] = [];
  for (let n = DAYS - 1; n >= 0; n--) {
    const date = dayBefore(today, n);
    const weight =
      78 +
      (n / DAYS) * 6 +
      0.3 * Math.sin(n / 2.3) +
      0.25 * Math.sin(n / 5.7 + 1) +
      0.15 * Math.sin(n * 1.7);
    records.push({ type: "weight", value: Math.round(weight * 10) / 10, date });
    records.push({ type: "step", value: 6000 + ((n * 2_731) % 7000), date });
  }
  await postHealthData(url, token, records);
  await seedGoals(url, token, today);
  await seedMeals(url, token, today, DAYS);
  await seedTrackers(url, token, today, DAYS);
  await seedRuns(url, token, today);
  await seedBenchPress(url, token, today);
  await seedProgressPhotos(url, token, today);
}

/** Front and side progress photos a month apart, the last today and a little slimmer. */
export async function seedProgressPhotos(url: string, token: string, today: string) {
  for (const [n, angle] of [
    [30, "front"],
    [30, "side"],
    [0, "front"],
    [0, "side"],
  ] as const) {
    const form = new FormData();
    const photo = bodyPhoto(angle, n ? 1.05 : 1);
    form.append("photo", new File([photo], `${angle}.png`, { type: "image/png" }));
    const response = await fetch(
      `${url}/api/measurements/check-in-photos/${dayBefore(today, n)}/${angle}`,
      { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form },
    );
    if (!response.ok) throw new Error(`photo upload: ${response.status} ${await response.text()}`);
  }
}

/** An exercise, its working sets as reps × kg and maybe a warm-up set before them. */
type Lift = {
  name: string;
  warmup?: [reps: number, kg: number];
  sets: [reps: number, kg: number][];
};

const times = (reps: number[], kg: number) => reps.map((r): [number, number] => [r, kg]);

// A push session every Sunday for nine weeks: the bench press climbs, stalling now and then,
// today's the heaviest yet; the overhead press follows it.
const BENCH_KG = [65, 67.5, 67.5, 70, 72.5, 72.5, 75, 77.5, 80];
const push = (kg: number, reps = [5, 5, 5]): Lift[] => [
  { name: "Barbell Bench Press", warmup: [10, 40], sets: times(reps, kg) },
  { name: "Overhead Press", sets: times([8, 8, 8], Math.round((kg * 0.45) / 2.5) * 2.5) },
];
const PRESETS: [string, Lift[]][] = [
  ["Push", push(80)],
  [
    "Pull",
    [
      { name: "Lat Pulldown", sets: times([10, 10, 10], 50) },
      { name: "Seated Cable Row", sets: times([10, 10, 10], 45) },
    ],
  ],
  [
    "Legs",
    [
      { name: "Barbell Back Squat", sets: times([5, 5, 5], 90) },
      { name: "Romanian Deadlift", sets: times([8, 8, 8], 70) },
    ],
  ],
];

/**
 * A weekly push session (bench and overhead press), a little heavier most weeks, today's the
 * latest; push, pull and legs presets on a Monday-Wednesday-Friday plan.
 */
export async function seedBenchPress(url: string, token: string, today: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const send = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const idOf = async (name: string) => {
    const found = await fetch(
      `${url}/api/exercises/search?searchTerm=${encodeURIComponent(name)}`,
      {
        headers,
      },
    );
    return ((await found.json()) as { id: string; name: string }[]).find((x) => x.name === name)!
      .id;
  };
  // Logged sessions warm up; presets list the working sets.
  const exercises = async (lifts: Lift[], warmUp = true) =>
    Promise.all(
      lifts.map(async ({ name, warmup, sets }) => ({
        exercise_id: await idOf(name),
        sets: [
          ...(warmUp && warmup ? [{ set_type: "warmup", reps: warmup[0], weight: warmup[1] }] : []),
          ...sets.map(([reps, weight]) => ({ set_type: "normal", reps, weight })),
        ],
      })),
    );
  for (const [i, kg] of BENCH_KG.entries()) {
    // The first week at a new weight, the last set falls one rep short.
    const first = i > 0 && i < BENCH_KG.length - 1 && kg > BENCH_KG[i - 1]!;
    await send("/api/exercise-preset-entries", {
      name: "Push",
      entry_date: dayBefore(today, (BENCH_KG.length - 1 - i) * 7),
      exercises: await exercises(push(kg, first ? [5, 5, 4] : [5, 5, 5])),
    });
  }
  const presets = [];
  for (const [name, lifts] of PRESETS) {
    presets.push(
      await send("/api/workout-presets", { name, exercises: await exercises(lifts, false) }),
    );
  }
  await send("/api/workout-plan-templates", {
    plan_name: "Push, pull, legs",
    start_date: dayBefore(today, 60),
    assignments: presets.map((p, i) => ({ day_of_week: 1 + i * 2, workout_preset_id: p.id })),
  });
}

/**
 * A run every third day of the year, today's included: the last month's loops in the park with
 * GPS, heart rate and cadence (demo-runs.ts), the older ones (as a watch without GPS sends
 * them) of 20 to 52 minutes with heart rate only, ten a request as a phone catching up syncs them.
 */
async function seedRuns(url: string, token: string, today: string) {
  const older = [];
  for (let n = DAYS - 1 - ((DAYS - 1) % 3); n > 30; n -= 3) {
    const start = `${dayBefore(today, n)}T06:00:00.000Z`;
    const seconds = (20 + ((n * 7) % 5) * 8) * 60;
    const { gps_points: _, ...run } = runRecord(start);
    const hr = Array.from({ length: seconds / 5 }, (_, i) => ({
      t: new Date(Date.parse(start) + i * 5000).toISOString(),
      bpm: heartRate(i * 5, seconds),
    }));
    older.push({
      ...run,
      endTime: new Date(Date.parse(start) + seconds * 1000).toISOString(),
      duration: seconds,
      caloriesBurned: Math.round(seconds / 4.8),
      hr_samples: hr,
    });
  }
  for (let i = 0; i < older.length; i += 10) {
    await postHealthData(url, token, older.slice(i, i + 10));
  }
  await seedDemoRuns(url, token, today);
}
