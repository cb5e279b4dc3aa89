import { describe, expect, test } from "bun:test";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import { DAILY_GOALS, expectAnswer, expectShape } from "./shapes.ts";

// The phone app's goals for a day (Diary and Dashboard), as that kind of server answers them.
const ctx = contractContext();

const DAY = "2026-06-03"; // a Wednesday

for (const credential of CREDENTIALS) {
  describe(`phone app: goals for a date (${credential})`, () => {
    test("defaults: no preset, the water goal, macros in grams", async () => {
      const as = await appUser(ctx, credential);
      const res = await appCall(ctx, as, "GET", `/api/goals/for-date?date=${DAY}`);
      expectAnswer(res, 200, DAILY_GOALS, "goals", {
        preset_name: null,
        water_goal: res.body.water_goal_ml,
        protein_percentage: null,
      });
    });

    test("a weekly plan's preset: its name, water goal and macro percentages", async () => {
      const as = await appUser(ctx, credential);
      const preset = await appCall(ctx, as, "POST", "/api/goal-presets", {
        preset_name: "Training day",
        calories: 2400,
        water_goal_ml: 2500,
        protein_percentage: 30,
        carbs_percentage: 45,
        fat_percentage: 25,
      });
      expect(preset.status).toBe(201);
      const plan = await appCall(ctx, as, "POST", "/api/weekly-goal-plans", {
        plan_name: "Summer",
        start_date: "2026-06-01",
        wednesday_preset_id: preset.body.id,
      });
      expect(plan.status).toBe(201);
      const res = await appCall(ctx, as, "GET", `/api/goals/for-date?date=${DAY}`);
      expectShape(res.body, DAILY_GOALS, "goals");
      expect(res.body).toMatchObject({
        preset_name: "Training day",
        water_goal: 2500,
        water_goal_ml: 2500,
        protein_percentage: 30,
        carbs_percentage: 45,
        fat_percentage: 25,
        protein: 180,
      });
    });

    test("goal presets also answer under /api/v2/goal-presets (the web client's path)", async () => {
      const as = await appUser(ctx, credential);
      const created = await appCall(ctx, as, "POST", "/api/v2/goal-presets", {
        preset_name: "Rest day",
        calories: 1900,
      });
      expect(created.status).toBe(201);
      const v1 = await appCall(ctx, as, "GET", "/api/goal-presets");
      const v2 = await appCall(ctx, as, "GET", "/api/v2/goal-presets");
      expect(v2.body).toEqual(v1.body);
      expect(v2.body.map((p: { preset_name: string }) => p.preset_name)).toEqual(["Rest day"]);
      const changed = await appCall(ctx, as, "PUT", `/api/v2/goal-presets/${created.body.id}`, {
        calories: 2000,
      });
      expect(changed.body.calories).toBe(2000);
      const gone = await appCall(ctx, as, "DELETE", `/api/v2/goal-presets/${created.body.id}`);
      expect(gone.status).toBe(200);
      expect((await appCall(ctx, as, "GET", "/api/v2/goal-presets")).body).toEqual([]);
    });
  });
}
