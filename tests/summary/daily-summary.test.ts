import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call, setZone } from "../trackers/helpers.ts";
import { logFood, sync } from "./fixtures.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const DAY = "2026-05-12";

describe("daily summary", () => {
  test("a hand-checked day: intake per meal and nutrient against goals, exercise, net, water, steps, sleep, weight", async () => {
    const user = await ctx.createUser();
    await setZone(ctx, user.id, "Europe/Berlin");
    await call(ctx, user, "POST", "/api/goals/manage-timeline", {
      start_date: "2026-05-01",
      calories: 2200,
      protein_percentage: 30,
      carbs_percentage: 40,
      fat_percentage: 30,
      water_goal_ml: 2500,
      steps: 8000,
      target_exercise_duration_minutes: 45,
    });
    // Breakfast from the diary: 80 g of a 40 g serving = 2 servings of 150 kcal.
    await logFood(ctx, user.id, {
      day: DAY,
      meal: "breakfast",
      name: "Oats",
      quantity: 80,
      serving_size: 40,
      calories: 150,
      protein: 5,
      carbs: 27,
      fat: 3,
    });
    await sync(ctx, user, [
      {
        type: "Nutrition",
        date: DAY,
        meal_type: "lunch",
        name: "Bowl",
        calories: 650,
        protein: 40,
        carbs: 60,
        fat: 25,
        source_id: "n1",
      },
      { type: "water", value: 500, date: DAY },
      { type: "step", value: 6000, date: DAY },
      { type: "weight", value: 80, date: "2026-05-10" },
      {
        type: "ExerciseSession",
        source: "Health Connect",
        source_id: "w1",
        activityType: "Running",
        startTime: `${DAY}T06:00:00Z`,
        endTime: `${DAY}T06:45:00Z`,
        duration: 2700,
        caloriesBurned: 400,
      },
      // 23:00 to 06:00 Berlin time: the night belongs to the 12th.
      {
        type: "SleepSession",
        bedtime: "2026-05-11T21:00:00Z",
        wake_time: `${DAY}T04:00:00Z`,
        source_id: "s1",
      },
    ]);
    await call(ctx, user, "POST", "/api/measurements/water-intake", {
      entry_date: DAY,
      water_ml: 750,
    });

    const res = await call(ctx, user, "GET", `/api/daily-summary?date=${DAY}`);
    expect(res.status).toBe(200);
    const day = res.body;
    expect(day.nutrition.totals).toMatchObject({ calories: 950, protein: 50, carbs: 114, fat: 31 });
    expect(day.nutrition.meals.breakfast).toMatchObject({
      calories: 300,
      protein: 10,
      carbs: 54,
      fat: 6,
    });
    expect(day.nutrition.meals.lunch).toMatchObject({ calories: 650, protein: 40 });
    expect(day.goals).toMatchObject({
      calories: 2200,
      protein: 165,
      carbs: 220,
      fat: (2200 * 30) / 100 / 9,
      water_goal_ml: 2500,
    });
    expect(day.exercise).toMatchObject({ calories_burned: 400, duration_minutes: 45 });
    expect(day.net_calories).toBe(550);
    expect(day.water_ml).toBe(1250);
    expect(day.steps).toBe(6000);
    expect(day.latest_weight).toEqual({ weight: 80, entry_date: "2026-05-10" });
    expect(day.sleep).toEqual({
      time_asleep_seconds: 7 * 3600,
      duration_seconds: 7 * 3600,
      efficiency: 100,
    });
    expect(day.progress).toMatchObject({
      calories: { value: 950, goal: 2200, percent: 43 },
      protein: { value: 50, goal: 165, percent: 30 },
      water_ml: { value: 1250, goal: 2500, percent: 50 },
      steps: { value: 6000, goal: 8000, percent: 75 },
      exercise_minutes: { value: 45, goal: 45, percent: 100 },
    });
    // A range sums in SQL rather than item by item: the same figures.
    const range = await call(
      ctx,
      user,
      "GET",
      `/api/daily-summary/range?startDate=${DAY}&endDate=2026-05-13`,
    );
    expect(range.body[0].nutrition.totals).toMatchObject({
      calories: 950,
      protein: 50,
      carbs: 114,
      fat: 31,
    });
    expect(range.body[0].nutrition.meals.breakfast).toMatchObject({ calories: 300, protein: 10 });
    expect(range.body[0].net_calories).toBe(550);
    // The phone app's fields.
    expect(day.waterIntake).toBe(1250);
    expect(day.foodEntries.map((e: any) => e.food_name).sort()).toEqual(["Bowl", "Oats"]);
    expect(day.exerciseSessions).toMatchObject([
      { type: "individual", name: "Running", calories_burned: 400 },
    ]);
  });

  test("a range has one summary per day, empty days included; bad ranges are 400", async () => {
    const user = await ctx.createUser();
    await sync(ctx, user, [{ type: "water", value: 300, date: "2026-05-02" }]);
    const res = await call(
      ctx,
      user,
      "GET",
      "/api/daily-summary/range?startDate=2026-05-01&endDate=2026-05-03",
    );
    expect(res.body.map((d: any) => [d.date, d.water_ml])).toEqual([
      ["2026-05-01", 0],
      ["2026-05-02", 300],
      ["2026-05-03", 0],
    ]);
    expect(res.body[0].goals).toMatchObject({ calories: 2000, source: "default" });
    for (const query of [
      "startDate=2026-05-03&endDate=2026-05-01",
      "startDate=2026-02-30&endDate=2026-03-01",
      "startDate=2000-01-01&endDate=2026-01-01",
    ]) {
      expect((await call(ctx, user, "GET", `/api/daily-summary/range?${query}`)).status).toBe(400);
    }
    expect((await call(ctx, user, "GET", "/api/daily-summary?date=0000-00-00")).status).toBe(400);
  });
});
