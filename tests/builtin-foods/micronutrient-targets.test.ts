import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call, type Json } from "../foods/helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const DAY = "2026-05-12";
const BANANA = "5a240000-0000-4000-8000-000000009040";

async function targets(user: TestUser) {
  const res = await call(ctx, user, "GET", `/api/micronutrient-targets?date=${DAY}`);
  expect(res.status).toBe(200);
  return res.body as { life_stage: string | null; targets: Json[] };
}
const target = (answer: { targets: Json[] }, key: string) =>
  answer.targets.find((t) => t.key === key)!;

async function profile(user: TestUser, dateOfBirth: string, sex: string) {
  const res = await call(ctx, user, "PUT", "/api/identity/profiles", {
    date_of_birth: dateOfBirth,
    sex,
  });
  expect(res.status).toBe(200);
}

describe("micronutrient targets (Dietary Reference Intakes)", () => {
  test("by age and sex: a man of 40, a woman of 25, a woman of 60, a 16-year-old boy", async () => {
    const man = await ctx.createUser();
    await profile(man, "1986-01-01", "male");
    const m = await targets(man);
    expect(target(m, "Magnesium")).toMatchObject({ target: 420, unit: "mg", source: "dri" });
    expect(target(m, "iron").target).toBe(8);
    expect(target(m, "potassium").target).toBe(3400);
    expect(target(m, "vitamin_a")).toMatchObject({ target: 900, unit: "µg" });

    const woman = await ctx.createUser();
    await profile(woman, "2001-01-01", "female");
    const w = await targets(woman);
    expect(target(w, "iron").target).toBe(18);
    expect(target(w, "Magnesium").target).toBe(310);
    expect(target(w, "potassium").target).toBe(2600);

    const older = await ctx.createUser();
    await profile(older, "1966-01-01", "female");
    const o = await targets(older);
    expect(target(o, "iron").target).toBe(8);
    expect(target(o, "calcium").target).toBe(1200);

    const boy = await ctx.createUser();
    await profile(boy, "2010-01-01", "male");
    expect(target(await targets(boy), "calcium").target).toBe(1300);
  });

  test("pregnancy (an active one counts) and lactation (when told)", async () => {
    const user = await ctx.createUser();
    await profile(user, "1996-01-01", "female");
    await ctx.db
      .owner`insert into pregnancies (user_id, due_date) values (${user.id}, '2026-09-01')`;
    const pregnant = await targets(user);
    expect(pregnant.life_stage).toBe("pregnancy");
    expect(target(pregnant, "iron").target).toBe(27);
    expect(target(pregnant, "Folate").target).toBe(600);
    const res = await call(ctx, user, "PUT", "/api/micronutrient-targets", {
      date: DAY,
      life_stage: "lactation",
    });
    expect(res.status).toBe(200);
    expect(res.body.life_stage).toBe("lactation");
    expect(target(res.body, "vitamin_a").target).toBe(1300);
    expect(target(res.body, "iron").target).toBe(9);
  });

  test("editable: one's own figure, null restores the DRI; bad input is refused", async () => {
    const user = await ctx.createUser();
    await profile(user, "1986-01-01", "male");
    const set = await call(ctx, user, "PUT", "/api/micronutrient-targets", {
      targets: { Magnesium: 500 },
    });
    expect(set.status).toBe(200);
    expect(target(await targets(user), "Magnesium")).toMatchObject({
      target: 500,
      source: "own",
      dri: 420,
    });
    for (const bad of [{ targets: { Magnesium: -1 } }, { targets: { Kryptonite: 1 } }]) {
      const refused = await call(ctx, user, "PUT", "/api/micronutrient-targets", bad);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBeString();
    }
    expect(target(await targets(user), "Magnesium").target).toBe(500);
    await call(ctx, user, "PUT", "/api/micronutrient-targets", { targets: { Magnesium: null } });
    expect(target(await targets(user), "Magnesium")).toMatchObject({ target: 420, source: "dri" });
  });

  test("progress: a logged medium banana's potassium and magnesium count toward the day", async () => {
    const user = await ctx.createUser();
    await profile(user, "1986-01-01", "male");
    const logged = await call(ctx, user, "POST", "/api/food-entries", {
      food_id: BANANA,
      quantity: 2,
      unit: "medium (118 g)",
      meal_type: "breakfast",
      entry_date: DAY,
    });
    expect(logged.status).toBe(201);
    const day = await targets(user);
    expect(target(day, "potassium")).toMatchObject({ eaten: 844.88, percent: 25 });
    expect(target(day, "Magnesium").eaten).toBeCloseTo(63.72, 2);
    expect(target(day, "Vitamin B6").eaten).toBeCloseTo(0.87, 2);
  });

  test("a range: the daily average over the days logged, a day skipped not counted", async () => {
    const user = await ctx.createUser();
    await profile(user, "1986-01-01", "male");
    for (const [day, quantity] of [
      [DAY, 2],
      ["2026-05-14", 1],
    ] as const) {
      const logged = await call(ctx, user, "POST", "/api/food-entries", {
        food_id: BANANA,
        quantity,
        unit: "medium (118 g)",
        meal_type: "breakfast",
        entry_date: day,
      });
      expect(logged.status).toBe(201);
    }
    const range = `/api/micronutrient-targets?startDate=${DAY}&endDate=2026-05-14`;
    const answer = await call(ctx, user, "GET", range);
    expect(answer.status).toBe(200);
    // (844.88 + 422.44) / 2 days logged; 2026-05-13 had nothing.
    expect(target(answer.body as { targets: Json[] }, "potassium")).toMatchObject({
      eaten: 633.66,
      target: 3400,
      percent: 19,
    });
    const backwards = await call(
      ctx,
      user,
      "GET",
      "/api/micronutrient-targets?startDate=2026-05-15&endDate=2026-05-14",
    );
    expect(backwards.status).toBe(400);
    const half = await call(ctx, user, "GET", `/api/micronutrient-targets?startDate=${DAY}`);
    expect(half.status).toBe(400);
    expect(half.body).toHaveProperty("error");
  });
});
