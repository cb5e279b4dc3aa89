import { afterAll, beforeAll, expect, test } from "bun:test";
import { NUTRIENTS } from "../../src/summary/nutrients.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";
import { seedSummaryDay, SUMMARY_DAY } from "./fixtures.ts";

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser();
  await seedSummaryDay(ctx, user);
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const get = async (path: string) => {
  const res = await call(ctx, user, "GET", path);
  expect(res.status).toBe(200);
  return res.body;
};

// Figures rounded after summing may round the other way when the sums differ in the last digit.
const roundingStep = (path: string) =>
  (/\.percent$/.test(path) ? 1 : /net_calories$|\.value$/.test(path) ? 0.1 : 0) * (1 + 1e-9);

/** `actual` equals `expected`, numbers to within a part in 10^12 (sums in another order). */
function expectClose(actual: unknown, expected: unknown, path = "day"): void {
  if (typeof expected === "number" && typeof actual === "number") {
    const allowed = Math.max(1e-12 * Math.max(1, Math.abs(expected)), roundingStep(path));
    if (Math.abs(actual - expected) > allowed) throw new Error(`${path}: ${actual} != ${expected}`);
    return;
  }
  if (expected === null || typeof expected !== "object") {
    expect(actual).toEqual(expected as never);
    return;
  }
  expect(Object.keys(actual as object).sort()).toEqual(Object.keys(expected).sort());
  for (const [key, value] of Object.entries(expected)) {
    expectClose((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
  }
}

test("a realistic day's summary agrees with the day's own reads and with the range's day", async () => {
  const day = await get(`/api/daily-summary?date=${SUMMARY_DAY}`);
  // Goals from the weekly plan's Sunday preset, macros worked out from its percentages.
  expect(day.goals).toEqual(await get(`/api/goals/for-date?date=${SUMMARY_DAY}`));
  expect(day.goals).toMatchObject({
    source: "weekly_plan",
    preset_name: "Long run Sunday",
    calories: 2750,
    // Not rounded, as that kind of server answers (the preset holds no fibre to take off).
    protein: (2750 * 20) / 100 / 4,
    carbs: (2750 * 55) / 100 / 4,
    fat: (2750 * 25) / 100 / 9,
  });
  // The phone's exercise list is the exercise screen's day: the run and the strength session.
  expect(day.exerciseSessions).toEqual(
    await get(`/api/v2/exercise-entries/by-date?selectedDate=${SUMMARY_DAY}`),
  );
  expect(day.exerciseSessions.map((s: any) => s.type).sort()).toEqual(["individual", "preset"]);
  // 30 diary entries, the logged meal's 3 foods and 2 synced meals, listed twice.
  expect(day.nutrition.entries).toHaveLength(35);
  expect(day.foodEntries).toEqual(day.nutrition.entries);
  const synced = day.nutrition.entries.filter((e: any) => e.source === "health_data");
  expect(synced).toMatchObject([
    { food_name: "Synced food", meal_type: "snacks", calories: 95.5, protein: 0, sugars: 19 },
    { food_name: "Takeaway curry", meal_type: "dinner", calories: 812.4, saturated_fat: 12.2 },
  ]);
  // Totals per day and meal are the listed items added up in order, as the phone would: a
  // diary entry's serving times quantity / serving_size (a synced one is one serving).
  const totals = (): Record<string, number> => Object.fromEntries(NUTRIENTS.map((n) => [n, 0]));
  const expected = { totals: totals(), meals: {} as Record<string, Record<string, number>> };
  for (const entry of day.nutrition.entries) {
    const factor = entry.quantity / entry.serving_size;
    const meal = (expected.meals[entry.meal_type] ??= totals());
    for (const n of NUTRIENTS) {
      const eaten = typeof entry[n] === "number" ? entry[n] * factor : 0;
      expected.totals[n]! += eaten;
      meal[n]! += eaten;
    }
  }
  expect(day.nutrition.totals).toEqual(expected.totals);
  expect(day.nutrition.meals).toEqual(expected.meals);
  expect(day.waterIntake).toBe(day.water_ml);
  expect(day.sleep).toEqual({
    time_asleep_seconds: 26_280,
    duration_seconds: 27_000,
    efficiency: 97.3,
  });
  expect(day.exercise).toMatchObject({ active_calories: 640.5, duration_minutes: 45 });
  expect(day.latest_weight).toEqual({ weight: 80, entry_date: SUMMARY_DAY });
  expect(day.progress.exercise_minutes).toEqual({ value: 45, goal: 90, percent: 50 });
  // The range sums per meal in SQL: the same day, totals to the last digits.
  const [rangeDay] = await get(
    `/api/daily-summary/range?startDate=${SUMMARY_DAY}&endDate=${SUMMARY_DAY}`,
  );
  const { foodEntries, exerciseSessions, waterIntake, ...summary } = day;
  const { entries, ...nutrition } = summary.nutrition;
  expectClose({ ...summary, nutrition }, rangeDay);
});
