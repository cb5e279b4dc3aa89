import { JPEG } from "../helpers/image-fixtures.ts";
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
    const weight = 78 + (n / DAYS) * 6 + Math.sin(n / 3) * 0.4;
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
