import { bodyPhoto } from "./demo-photos.ts";
import { seedDemoRuns } from "./demo-runs.ts";
import { postHealthData } from "./seed.ts";

const DAYS = 365;

function dayBefore(today: string, n: number): string {
  return new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A year of one person's data, sent over the API as the phone app sends it: daily weight
 * drifting down, steps, water, two weeks of sleep, a week of meals up to today, a run every third day of the last month, a bench
 * press session every week of the last two months (and its preset on a weekly plan), and
 * progress photos a month apart.
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
  records.push({ type: "water", value: 1750, date: today });
  // Two weeks of nights, the last ending this morning.
  for (let n = 13; n >= 0; n--) {
    records.push({
      type: "SleepSession",
      bedtime: `${dayBefore(today, n + 1)}T22:${String(20 + ((n * 7) % 40)).padStart(2, "0")}:00Z`,
      wake_time: `${dayBefore(today, n)}T06:25:00Z`,
    });
  }
  await postHealthData(url, token, records);
  await seedDiary(url, token, today);
  await seedDemoRuns(url, token, today);
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

const FOODS = [
  {
    name: "Porridge with milk",
    serving_size: 250,
    serving_unit: "g",
    calories: 340,
    protein: 12,
    carbs: 52,
    fat: 9,
  },
  {
    name: "Chicken salad",
    serving_size: 300,
    serving_unit: "g",
    calories: 420,
    protein: 38,
    carbs: 18,
    fat: 21,
  },
  {
    name: "Pasta bolognese",
    serving_size: 350,
    serving_unit: "g",
    calories: 610,
    protein: 30,
    carbs: 78,
    fat: 18,
  },
  {
    name: "Apple",
    serving_size: 180,
    serving_unit: "g",
    calories: 95,
    protein: 0.5,
    carbs: 25,
    fat: 0.3,
  },
];
const MEALS = ["breakfast", "lunch", "dinner", "snacks"];

/** A week of meals, today's included: one food for each meal of each day. */
async function seedDiary(url: string, token: string, today: string): Promise<void> {
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const foods = [];
  for (const food of FOODS) foods.push({ ...(await call("/api/foods", food)), ...food });
  for (let n = 6; n >= 0; n--) {
    for (const [i, meal] of MEALS.entries()) {
      const food = foods[i]!;
      await call("/api/food-entries", {
        food_id: food.id,
        quantity: food.serving_size,
        unit: food.serving_unit,
        meal_type: meal,
        entry_date: dayBefore(today, n),
      });
    }
  }
}
