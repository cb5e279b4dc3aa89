import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call, createFood, logEntry } from "../foods/helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

describe("food diary", () => {
  test("an entry keeps the food's snapshot; editing the food does not change it", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user);
    const entry = await logEntry(ctx, user, { food_id: food.id, quantity: 150, unit: "g" });
    expect(entry).toMatchObject({
      food_name: "Crème Fraîche",
      brand_name: "Dairy Co",
      meal_type: "lunch",
      calories: 290,
      serving_size: 100,
      quantity: 150,
      variant_id: food.default_variant.id,
    });
    await call(ctx, user, "PUT", `/api/foods/${food.id}`, {
      name: "Renamed",
      serving_size: 100,
      serving_unit: "g",
      calories: 999,
    });
    const day = await call(ctx, user, "GET", "/api/food-entries/by-date/2026-03-01");
    expect(day.body).toHaveLength(1);
    expect(day.body[0]).toMatchObject({ food_name: "Crème Fraîche", calories: 290 });
  });

  test("a quantity in any of the food's serving units picks that variant", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user);
    const cup = await call(ctx, user, "POST", "/api/foods/food-variants", {
      food_id: food.id,
      serving_size: 1,
      serving_unit: "cup",
      calories: 700,
      protein: 5,
      carbs: 7,
      fat: 70,
    });
    const entry = await logEntry(ctx, user, { food_id: food.id, quantity: 2, unit: "cup" });
    expect(entry).toMatchObject({ variant_id: cup.body.id, serving_unit: "cup", calories: 700 });
    const bad = await call(ctx, user, "POST", "/api/food-entries", {
      food_id: food.id,
      quantity: 1,
      unit: "slice",
      meal_type: "lunch",
      entry_date: "2026-03-01",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("unit must be one of the food's serving units: g, cup.");
    const changed = await call(ctx, user, "PUT", `/api/food-entries/${entry.id}`, {
      unit: "g",
      quantity: 50,
    });
    expect(changed.body).toMatchObject({
      unit: "g",
      quantity: 50,
      calories: 290,
      serving_size: 100,
      variant_id: food.default_variant.id,
    });
  });

  test("quick entries, meal types by name or id, update, delete and range", async () => {
    const user = await ctx.createUser();
    const types = (await call(ctx, user, "GET", "/api/meal-types")).body;
    expect(types.map((t: any) => t.name)).toEqual(["breakfast", "lunch", "dinner", "snacks"]);
    const quick = await logEntry(ctx, user, {
      food_name: "Coffee",
      calories: 5,
      meal_type: undefined,
      meal_type_id: types[0].id,
      unit: "cup",
      entry_date: "2026-03-02",
    });
    expect(quick).toMatchObject({
      meal_type: "breakfast",
      food_id: null,
      calories: 5,
      serving_unit: "cup",
    });
    const moved = await call(ctx, user, "PUT", `/api/food-entries/${quick.id}`, {
      meal_type: "snacks",
      quantity: 2,
    });
    expect(moved.body).toMatchObject({ meal_type: "snacks", quantity: 2 });
    const range = await call(ctx, user, "GET", "/api/food-entries/range/2026-03-01/2026-03-03");
    expect(range.body).toHaveLength(1);
    expect((await call(ctx, user, "DELETE", `/api/food-entries/${quick.id}`)).status).toBe(200);
    expect((await call(ctx, user, "DELETE", `/api/food-entries/${quick.id}`)).status).toBe(404);
    const unknown = await call(ctx, user, "POST", "/api/food-entries", {
      food_name: "x",
      meal_type: "elevenses",
      quantity: 1,
      unit: "g",
      entry_date: "2026-03-01",
    });
    expect(unknown.status).toBe(400);
    const badDate = await call(ctx, user, "GET", "/api/food-entries/by-date/2026-02-30");
    expect(badDate.status).toBe(400);
  });

  test("a main nutrient left out or null stays not given: answered null, counted as nothing", async () => {
    const user = await ctx.createUser();
    const date = "2026-03-04";
    const water = await logEntry(ctx, user, {
      food_name: "Sparkling water",
      protein: null,
      unit: "glass",
      entry_date: date,
    });
    expect(water).toMatchObject({ calories: null, protein: null, carbs: null, fat: null });
    const toast = await logEntry(ctx, user, {
      food_name: "Toast",
      calories: 80,
      carbs: 15,
      unit: "slice",
      quantity: 2,
      entry_date: date,
    });
    expect(toast).toMatchObject({ calories: 80, protein: null, carbs: 15, fat: null });
    // A change may clear a value it gave, and give one it left out.
    const changed = await call(ctx, user, "PUT", `/api/food-entries/${toast.id}`, {
      carbs: null,
      fat: 1,
    });
    expect(changed.body).toMatchObject({ calories: 80, carbs: null, fat: 1 });
    const day = (await call(ctx, user, "GET", `/api/food-entries/by-date/${date}`)).body;
    expect(day.map((e: any) => [e.food_name, e.calories, e.protein])).toEqual([
      ["Sparkling water", null, null],
      ["Toast", 80, null],
    ]);
    const summary = (await call(ctx, user, "GET", `/api/daily-summary?date=${date}`)).body;
    expect(summary.nutrition.totals).toMatchObject({ calories: 160, protein: 0, carbs: 0, fat: 2 });
    expect(summary.nutrition.entries.map((e: any) => e.calories)).toEqual([null, 80]);
    const range = (
      await call(ctx, user, "GET", `/api/daily-summary/range?startDate=${date}&endDate=${date}`)
    ).body;
    expect(JSON.stringify(range)).toContain('"calories":160');
  });

  test("user-defined meal types", async () => {
    const user = await ctx.createUser();
    const created = await call(ctx, user, "POST", "/api/meal-types", {
      name: "Elevenses",
      // Between breakfast (10) and lunch (20), as the phone app places one's own types.
      sort_order: 15,
    });
    expect(created.status).toBe(201);
    await logEntry(ctx, user, { food_name: "Tea", meal_type: "elevenses", unit: "cup" });
    expect((await call(ctx, user, "DELETE", `/api/meal-types/${created.body.id}`)).status).toBe(
      409,
    );
    const renamed = await call(ctx, user, "PUT", `/api/meal-types/${created.body.id}`, {
      name: "Second breakfast",
    });
    expect(renamed.body.name).toBe("Second breakfast");
    const builtin = (await call(ctx, user, "GET", "/api/meal-types")).body[0];
    expect(
      (await call(ctx, user, "PUT", `/api/meal-types/${builtin.id}`, { name: "x" })).status,
    ).toBe(404);
  });

  test("copy a meal to another day and meal, copy a whole day, copy from yesterday", async () => {
    const user = await ctx.createUser();
    await logEntry(ctx, user, {
      food_name: "Eggs",
      meal_type: "breakfast",
      unit: "egg",
      entry_date: "2026-04-01",
    });
    await logEntry(ctx, user, {
      food_name: "Soup",
      meal_type: "lunch",
      unit: "bowl",
      entry_date: "2026-04-01",
    });
    const copied = await call(ctx, user, "POST", "/api/food-entries/copy", {
      sourceDate: "2026-04-01",
      sourceMealType: "breakfast",
      targetDate: "2026-04-05",
      targetMealType: "dinner",
    });
    expect(copied.body.map((e: any) => [e.food_name, e.meal_type, e.entry_date])).toEqual([
      ["Eggs", "dinner", "2026-04-05"],
    ]);
    const day = await call(ctx, user, "POST", "/api/food-entries/copy", {
      sourceDate: "2026-04-01",
      targetDate: "2026-04-06",
    });
    expect(day.body.map((e: any) => e.meal_type)).toEqual(["breakfast", "lunch"]);
    const yesterday = await call(ctx, user, "POST", "/api/food-entries/copy-yesterday", {
      mealType: "lunch",
      targetDate: "2026-04-02",
    });
    expect(yesterday.body.map((e: any) => e.food_name)).toEqual(["Soup"]);
  });

  test("snapshot refresh is opt-in and answers how many entries changed", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user);
    await logEntry(ctx, user, { food_id: food.id, unit: "g" });
    await logEntry(ctx, user, { food_id: food.id, unit: "g", entry_date: "2026-03-02" });
    await call(ctx, user, "PUT", `/api/foods/${food.id}`, {
      name: "Light cream",
      serving_size: 100,
      serving_unit: "g",
      calories: 150,
    });
    const first = await call(ctx, user, "POST", "/api/foods/update-snapshot", { foodId: food.id });
    expect(first.body.updatedCount).toBe(2);
    const again = await call(ctx, user, "POST", "/foods/update-snapshot", {
      foodId: food.id,
      variantId: food.default_variant.id,
    });
    expect(again.body.updatedCount).toBe(0);
    const day = await call(ctx, user, "GET", "/api/food-entries/by-date/2026-03-01");
    expect(day.body[0]).toMatchObject({ food_name: "Light cream", calories: 150 });
    const bad = await call(ctx, user, "POST", "/api/foods/update-snapshot", { foodId: "nope" });
    expect(bad.status).toBe(400);
  });

  test("by-date and range answer each entry exactly as logging it answered (PostgreSQL builds that JSON)", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user);
    const logged = [
      await logEntry(ctx, user, {
        food_id: food.id,
        quantity: 33.3,
        unit: "g",
        entry_time: "07:45",
      }),
      await logEntry(ctx, user, {
        meal_type: "breakfast",
        food_name: "Quick snack «é»",
        quantity: 0.1,
        unit: "piece",
        calories: 123.456,
        sodium: 1e-7,
        entry_date: "2026-03-02",
      }),
    ];
    // Microseconds beyond the milliseconds clients see, and the last instant of a second.
    await ctx.db.owner`update food_entries set created_at = '2026-03-01 10:00:00.123999+00',
                                               updated_at = '2026-03-01 23:59:59.999999+05'
                        where id = ${logged[0]!.id}`;
    const expected = [
      {
        ...logged[0]!,
        created_at: "2026-03-01T10:00:00.123Z",
        updated_at: "2026-03-01T18:59:59.999Z",
      },
      logged[1]!,
    ];
    const day = await call(ctx, user, "GET", "/api/food-entries/by-date/2026-03-01");
    expect(JSON.stringify(day.body)).toBe(JSON.stringify([expected[0]]));
    const range = await call(ctx, user, "GET", "/api/food-entries/range/2026-03-01/2026-03-02");
    expect(JSON.stringify(range.body)).toBe(JSON.stringify(expected));
    const empty = await call(ctx, user, "GET", "/api/food-entries/by-date/2026-04-01");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
  });
});
