import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

describe("goals", () => {
  test("defaults before any goal; a goal holds from its date until the next", async () => {
    const user = await ctx.createUser();
    const forDate = async (date: string) =>
      (await call(ctx, user, "GET", `/api/goals/for-date?date=${date}`)).body;
    expect(await forDate("2026-01-01")).toMatchObject({
      calories: 2000,
      protein: 150,
      water_goal_ml: 1920,
      source: "default",
      since: null,
    });
    // The web client's p_-prefixed form.
    const set = await call(ctx, user, "POST", "/api/goals/manage-timeline", {
      p_start_date: "2026-02-01",
      p_calories: 2200,
      p_protein_percentage: 30,
      p_carbs_percentage: 40,
      p_fat_percentage: 30,
      p_water_goal_ml: 2500,
    });
    expect(set.status).toBe(200);
    await call(ctx, user, "POST", "/api/goals/manage-timeline", {
      start_date: "2026-03-01",
      calories: 1800,
      protein: 140,
      target_weight: 72,
    });
    expect(await forDate("2026-01-31")).toMatchObject({ calories: 2000, source: "default" });
    // Percent of 2,200 kcal: protein and carbs 4 kcal/g, fat 9 kcal/g.
    expect(await forDate("2026-02-15")).toMatchObject({
      calories: 2200,
      protein: 165,
      carbs: 220,
      fat: (2200 * 30) / 100 / 9,
      water_goal_ml: 2500,
      source: "timeline",
      since: "2026-02-01",
    });
    expect(await forDate("2026-12-31")).toMatchObject({
      calories: 1800,
      protein: 140,
      target_weight: 72,
      since: "2026-03-01",
    });
    // Changing one value of an existing goal keeps the others.
    await call(ctx, user, "POST", "/api/goals/manage-timeline", {
      start_date: "2026-03-01",
      calories: 1900,
    });
    expect(await forDate("2026-03-02")).toMatchObject({ calories: 1900, protein: 140 });
    const timeline = await call(ctx, user, "GET", "/api/goals/timeline");
    expect(timeline.body.map((g: any) => g.goal_date)).toEqual(["2026-02-01", "2026-03-01"]);
    expect((await call(ctx, user, "DELETE", "/api/goals/timeline/2026-03-01")).status).toBe(200);
    expect(await forDate("2026-12-31")).toMatchObject({ calories: 2200, since: "2026-02-01" });
    expect((await call(ctx, user, "GET", "/api/goals/for-date?date=2024-02-30")).status).toBe(400);
    const negative = await call(ctx, user, "POST", "/api/goals/manage-timeline", {
      start_date: "2026-04-01",
      calories: -5,
    });
    expect(negative.status).toBe(400);
  });

  test("a weekly plan's weekday preset wins while the plan is active and in its dates", async () => {
    const user = await ctx.createUser();
    await call(ctx, user, "POST", "/api/goals/manage-timeline", {
      start_date: "2026-01-01",
      calories: 2100,
    });
    const rest = await call(ctx, user, "POST", "/api/goal-presets", {
      preset_name: "Rest day",
      calories: 1800,
    });
    const training = await call(ctx, user, "POST", "/api/goal-presets", {
      preset_name: "Training day",
      calories: 2600,
      target_exercise_duration_minutes: 60,
    });
    expect(training.status).toBe(201);
    const plan = await call(ctx, user, "POST", "/api/weekly-goal-plans", {
      plan_name: "Block 1",
      start_date: "2026-06-01",
      end_date: "2026-06-30",
      monday_preset_id: training.body.id,
      sunday_preset_id: rest.body.id,
    });
    expect(plan.status).toBe(201);
    const forDate = async (date: string) =>
      (await call(ctx, user, "GET", `/api/goals/for-date?date=${date}`)).body;
    // 2026-06-01 is a Monday, 2026-06-07 a Sunday, 2026-06-03 a Wednesday (no preset).
    expect(await forDate("2026-06-01")).toMatchObject({ calories: 2600, source: "weekly_plan" });
    expect(await forDate("2026-06-07")).toMatchObject({ calories: 1800, source: "weekly_plan" });
    expect(await forDate("2026-06-03")).toMatchObject({ calories: 2100, source: "timeline" });
    expect(await forDate("2026-07-06")).toMatchObject({ calories: 2100 });
    await call(ctx, user, "PUT", `/api/weekly-goal-plans/${plan.body.id}`, { is_active: false });
    expect(await forDate("2026-06-01")).toMatchObject({ calories: 2100 });
    const other = await ctx.createUser();
    const foreign = await call(ctx, other, "POST", "/api/weekly-goal-plans", {
      plan_name: "Borrowed",
      start_date: "2026-06-01",
      monday_preset_id: training.body.id,
    });
    expect(foreign.status).toBe(400);
    const backwards = await call(ctx, user, "POST", "/api/weekly-goal-plans", {
      plan_name: "Backwards",
      start_date: "2026-06-10",
      end_date: "2026-06-01",
    });
    expect(backwards.status).toBe(400);
    expect((await call(ctx, user, "GET", "/api/goal-presets")).body).toHaveLength(2);
    const renamed = await call(ctx, user, "PUT", `/api/goal-presets/${rest.body.id}`, {
      preset_name: "Easy",
    });
    expect(renamed.body).toMatchObject({ preset_name: "Easy", calories: 1800 });
    expect((await call(ctx, user, "DELETE", `/api/goal-presets/${rest.body.id}`)).status).toBe(200);
    const plans = await call(ctx, user, "GET", "/api/weekly-goal-plans");
    expect(plans.body[0].sunday_preset_id).toBeNull();
    expect((await call(ctx, user, "DELETE", `/api/weekly-goal-plans/${plan.body.id}`)).status).toBe(
      200,
    );
  });
});
