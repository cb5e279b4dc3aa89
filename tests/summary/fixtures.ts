import { DAY as SUMMARY_DAY, seedDay } from "../bench/day-reads.ts";
import { jsonRequest, type TestContext, type TestUser } from "../helpers/test-app.ts";

export { SUMMARY_DAY };

/** Syncs records as a phone would, with an API key of the user's. */
export async function sync(ctx: TestContext, user: TestUser, records: unknown[]) {
  const key = await ctx.createApiKey(user.id, ["health_data_write"]);
  const res = await ctx.request("/api/health-data", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${key}`,
      "X-Workout-Model-Version": "3",
    },
    body: JSON.stringify(records),
  });
  const body = (await res.json()) as { errors: unknown[] };
  if (res.status !== 200 || body.errors.length) throw new Error(JSON.stringify(body));
}

/**
 * A food diary entry in the diary's own table (one serving's nutrients, eaten quantity /
 * serving_size times), until the diary's routes land on this branch.
 */
export async function logFood(
  ctx: TestContext,
  userId: string,
  entry: {
    day: string;
    meal: string;
    name: string;
    quantity: number;
    serving_size: number;
  } & Record<"calories" | "protein" | "carbs" | "fat", number>,
) {
  await ctx.db.owner`
    insert into food_entries (user_id, meal_type_id, entry_date, quantity, unit, food_name,
                              serving_size, serving_unit, calories, protein, carbs, fat)
    values (${userId}, (select id from meal_types where user_id is null and name = ${entry.meal}),
            ${entry.day}, ${entry.quantity}, 'g', ${entry.name}, ${entry.serving_size}, 'g',
            ${entry.calories}, ${entry.protein}, ${entry.carbs}, ${entry.fat})`;
}

/**
 * The bench's realistic day (tests/bench/day-reads.ts: 30 diary entries over four meals, a
 * logged meal, check-ins, a month of runs, the day's water) and what else a summary shows:
 * synced meals with extra nutrients, a staged night, active energy, goals in percent from a
 * weekly plan's preset, and a logged strength session beside the day's run.
 */
export async function seedSummaryDay(ctx: TestContext, user: TestUser) {
  const post = async (path: string, body: unknown) => {
    const res = await ctx.request(path, jsonRequest("POST", user.token, body));
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  await seedDay(post);
  await post("/api/goals/manage-timeline", {
    start_date: "2026-03-01",
    calories: 2300,
    protein_percentage: 25,
    carbs_percentage: 45,
    fat_percentage: 30,
    steps: 9000,
  });
  const preset = await post("/api/goal-presets", {
    preset_name: "Long run Sunday",
    calories: 2750,
    protein_percentage: 20,
    carbs_percentage: 55,
    fat_percentage: 25,
    target_exercise_duration_minutes: 90,
  });
  // SUMMARY_DAY is a Sunday.
  await post("/api/weekly-goal-plans", {
    plan_name: "Spring block",
    start_date: "2026-03-02",
    sunday_preset_id: preset.id,
  });
  const squat = await post("/api/exercises", { name: "Goblet squat" });
  await post("/api/exercise-preset-entries", {
    name: "Legs",
    entry_date: SUMMARY_DAY,
    source: "sparky",
    exercises: [
      {
        exercise_id: squat.id,
        sort_order: 0,
        duration_minutes: 25,
        sets: [{ set_number: 1, set_type: "normal", reps: 10, weight: 24, rest_time: 90 }],
      },
    ],
  });
  await sync(ctx, user, [
    {
      type: "Nutrition",
      date: SUMMARY_DAY,
      meal_type: "Dinner",
      name: "Takeaway curry",
      calories: 812.4,
      protein: 31.7,
      carbs: 90.1,
      fat: 35.3,
      saturated_fat: 12.2,
      sodium: 1460,
      source_id: "curry",
    },
    { type: "Nutrition", date: SUMMARY_DAY, calories: 95.5, sugars: 19, source_id: "apple" },
    { type: "Active Calories", value: 640.5, date: SUMMARY_DAY },
    {
      type: "SleepSession",
      bedtime: "2026-03-14T22:40:00Z",
      wake_time: `${SUMMARY_DAY}T06:10:00Z`,
      source_id: "night",
      stage_events: [
        {
          stage_type: "light",
          start_time: "2026-03-14T22:40:00Z",
          end_time: "2026-03-15T00:10:00Z",
        },
        {
          stage_type: "deep",
          start_time: "2026-03-15T00:10:00Z",
          end_time: "2026-03-15T01:25:00Z",
        },
        {
          stage_type: "awake",
          start_time: "2026-03-15T01:25:00Z",
          end_time: "2026-03-15T01:37:00Z",
        },
        { stage_type: "rem", start_time: "2026-03-15T01:37:00Z", end_time: "2026-03-15T06:10:00Z" },
      ],
    },
  ]);
}
