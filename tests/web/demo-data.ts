import { JPEG } from "../helpers/image-fixtures.ts";
import { seedGoals } from "./demo-goals.ts";
import { seedMeals } from "./demo-meals.ts";
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
    const weight = 78 + (n / DAYS) * 6 + Math.sin(n / 3) * 0.4;
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

/** Front and side progress photos a month apart, the last today. */
export async function seedProgressPhotos(url: string, token: string, today: string) {
  for (const [n, angle] of [
    [30, "front"],
    [30, "side"],
    [0, "front"],
    [0, "side"],
  ] as const) {
    const form = new FormData();
    form.append("photo", new File([JPEG], `${angle}.jpg`, { type: "image/jpeg" }));
    const response = await fetch(
      `${url}/api/measurements/check-in-photos/${dayBefore(today, n)}/${angle}`,
      { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form },
    );
    if (!response.ok) throw new Error(`photo upload: ${response.status} ${await response.text()}`);
  }
}

/** A weekly bench press session, a little heavier each week, today's the latest. */
export async function seedBenchPress(url: string, token: string, today: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const found = await fetch(`${url}/api/exercises/search?searchTerm=barbell%20bench%20press`, {
    headers,
  });
  const [bench] = (await found.json()) as { id: string }[];
  for (let week = 8; week >= 0; week--) {
    const weight = 80 - week * 2.5;
    const sets = [
      { set_type: "warmup", reps: 10, weight: 40 },
      ...[1, 2, 3].map(() => ({ set_type: "normal", reps: 5, weight })),
    ];
    const response = await fetch(`${url}/api/exercise-preset-entries`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "Push",
        entry_date: dayBefore(today, week * 7),
        exercises: [{ exercise_id: bench!.id, sets }],
      }),
    });
    if (!response.ok) throw new Error(`session: ${response.status} ${await response.text()}`);
  }
  const preset = await fetch(`${url}/api/workout-presets`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "Push",
      exercises: [{ exercise_id: bench!.id, sets: [1, 2, 3].map(() => ({ reps: 5, weight: 80 })) }],
    }),
  });
  const { id } = (await preset.json()) as { id: string };
  const plan = await fetch(`${url}/api/workout-plan-templates`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      plan_name: "Three pushes a week",
      start_date: dayBefore(today, 60),
      assignments: [1, 3, 5].map((day) => ({ day_of_week: day, workout_preset_id: id })),
    }),
  });
  if (!plan.ok) throw new Error(`plan: ${plan.status} ${await plan.text()}`);
}

/**
 * A run every third day of the year, today's included: the last month's 20-minute runs with
 * GPS, heart rate and cadence, the older ones (as a watch without GPS sends them) of 20 to 52
 * minutes with heart rate only, ten a request as a phone catching up syncs them.
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
  for (let n = 30; n >= 0; n -= 3) {
    await postHealthData(url, token, [runRecord(`${dayBefore(today, n)}T06:00:00.000Z`)]);
  }
}
