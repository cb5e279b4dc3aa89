/**
 * Issue 39: the reads the phone app and the web client make on a realistic day, each with a
 * session token and with an API key. The day: 30 diary entries over four meals and a logged
 * meal, a library of 40 foods, a week of check-ins, a month of workouts (one a day, a
 * 20-minute GPS run) and 8 medications with a daily schedule, seeded over the API.
 */
import { runRecord } from "../web/seed.ts";
import type { Send } from "./load.ts";

export const DAY = "2026-03-15";
const MEALS = ["breakfast", "lunch", "dinner", "snacks"];
const FOODS = 40;

type Target = { baseUrl: string; session: string; apiKey: string };

const dayBefore = (n: number) =>
  new Date(Date.parse(`${DAY}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Posts `body` to `path` as the signed-in person and answers the JSON reply. */
export type Post = (path: string, body: unknown) => Promise<{ id: string }>;

/** A Post over HTTP to `baseUrl` with a bearer token. */
export function postOver(baseUrl: string, token: string): Post {
  return async (path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
}

/** Reads `path` over HTTP as the signed-in person, uncompressed, and drops the answer. */
export function readOver(baseUrl: string, token: string) {
  return async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      decompress: false,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
  };
}

/** Seeds the day (and the weeks before it) for the signed-in person. */
export async function seedDay(post: Post): Promise<void> {
  const foods: string[] = [];
  for (let i = 0; i < FOODS; i++) {
    const food = await post("/api/foods", {
      name: `Bench food ${i + 1}`,
      brand: i % 3 ? null : "Bench brand",
      default_variant: {
        serving_size: 100,
        serving_unit: "g",
        calories: 80 + ((i * 37) % 300),
        protein: (i * 7) % 30,
        carbs: (i * 11) % 60,
        fat: (i * 5) % 25,
        fiber: i % 9,
        sodium: 100 + i,
      },
    });
    foods.push(food.id);
  }
  for (let i = 0; i < 30; i++) {
    await post("/api/food-entries", {
      food_id: foods[i % FOODS],
      quantity: 50 + i * 5,
      unit: "g",
      meal_type: MEALS[i % MEALS.length],
      entry_date: DAY,
    });
  }
  await post("/api/food-entry-meals", {
    meal_type: "dinner",
    entry_date: DAY,
    name: "Bench stew",
    foods: foods.slice(0, 3).map((food_id) => ({ food_id, quantity: 120, unit: "g" })),
  });
  for (let n = 0; n < 7; n++) {
    await post("/api/measurements/check-in", {
      entry_date: dayBefore(n),
      weight: 80 - n * 0.2,
      steps: 8000 + n * 100,
      waist: 85,
    });
  }
  for (let i = 0; i < 8; i++) {
    const medication = await post("/api/v2/medications", {
      name: `Bench medication ${i + 1}`,
      type_id: "tablet",
      dose_amount: 1 + i,
      dose_unit: "mg",
    });
    await post(`/api/v2/medications/${medication.id}/schedules`, {
      schedule_type_id: "daily",
      time_of_day: "08:00",
      dose_amount: 1 + i,
    });
  }
  const runs = Array.from({ length: 30 }, (_, n) => runRecord(`${dayBefore(n)}T06:00:00.000Z`));
  for (let i = 0; i < runs.length; i += 10) await post("/api/health-data", runs.slice(i, i + 10));
  await post("/api/health-data", [{ type: "water", value: 1800, date: DAY }]);
}

/**
 * The reads, in the order a person meets them: the diary screen's first calls, then the
 * foods page, medications, the phone's exercise day and the check-in screen. Letters
 * continue the track reads'; each runs with a session (`session`) and an API key (`key`).
 */
export const DAY_READS: [string, string][] = [
  ["j diary day", `/api/food-entries/by-date/${DAY}`],
  ["k logged meals", `/api/food-entry-meals/by-date/${DAY}`],
  ["l daily summary", `/api/daily-summary?date=${DAY}`],
  ["m goals for date", `/api/goals/for-date?date=${DAY}`],
  ["n meal types", "/api/meal-types"],
  ["o water day", `/api/measurements/water-intake/${DAY}`],
  ["p preferences", "/api/user-preferences"],
  ["q foods page", "/api/foods/foods-paginated?searchTerm=&currentPage=1&itemsPerPage=10"],
  ["r medications", "/api/v2/medications"],
  ["s exercise day", `/api/v2/exercise-entries/by-date?selectedDate=${DAY}`],
  ["t check-in day", `/api/measurements/check-in/${DAY}`],
  ["u check-in week", `/api/measurements/check-in-measurements-range/${dayBefore(6)}/${DAY}`],
  ["v identity", "/api/identity/user"],
];

export function dayReadScenarios(target: Target): { scenario: string; request: Send }[] {
  return DAY_READS.flatMap(([name, path]) =>
    [
      ["session", target.session],
      ["key", target.apiKey],
    ].map(([credential, token]) => ({
      scenario: `${name} (${credential})`,
      request: { url: `${target.baseUrl}${path}`, headers: { Authorization: `Bearer ${token}` } },
    })),
  );
}
