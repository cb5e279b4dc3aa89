import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call, createFood, logEntry } from "../foods/helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

async function breakfastTemplate(user: TestUser) {
  const oats = await createFood(ctx, user, {
    name: "Oats",
    serving_size: 40,
    serving_unit: "g",
    calories: 150,
    image_url: "https://img.invalid/oats.jpg",
  });
  const milk = await createFood(ctx, user, {
    name: "Milk",
    serving_size: 100,
    serving_unit: "ml",
    calories: 64,
  });
  const created = await call(ctx, user, "POST", "/api/meals", {
    name: "Porridge",
    serving_size: 1,
    serving_unit: "bowl",
    images: ["https://img.invalid/porridge.jpg"],
    foods: [
      { food_id: oats.id, quantity: 40, unit: "g" },
      { food_id: milk.id, quantity: 200, unit: "ml" },
    ],
  });
  expect(created.status).toBe(201);
  return { meal: created.body, oats, milk };
}

describe("meal templates and logged meals", () => {
  test("templates: create, read, search, update foods, delete", async () => {
    const user = await ctx.createUser();
    const { meal, milk } = await breakfastTemplate(user);
    expect(meal.foods.map((f: any) => [f.food_name, f.quantity, f.unit, f.calories])).toEqual([
      ["Oats", 40, "g", 150],
      ["Milk", 200, "ml", 64],
    ]);
    expect(
      (await call(ctx, user, "GET", "/api/meals/search?searchTerm=PORRÍDGE")).body,
    ).toHaveLength(1);
    expect((await call(ctx, user, "GET", "/api/meals")).body).toHaveLength(1);
    const changed = await call(ctx, user, "PUT", `/api/meals/${meal.id}`, {
      foods: [{ food_id: milk.id, quantity: 300, unit: "ml" }],
    });
    expect(changed.body.foods).toHaveLength(1);
    const badUnit = await call(ctx, user, "PUT", `/api/meals/${meal.id}`, {
      foods: [{ food_id: milk.id, quantity: 1, unit: "cup" }],
    });
    expect(badUnit.status).toBe(400);
    expect((await call(ctx, user, "GET", `/api/meals/${meal.id}`)).body.foods[0].quantity).toBe(
      300,
    );
    expect((await call(ctx, user, "DELETE", `/api/meals/${meal.id}`)).status).toBe(200);
    expect((await call(ctx, user, "GET", `/api/meals/${meal.id}`)).status).toBe(404);
  });

  test("logging a template makes entries kept together, scaled, with the foods' images (rule 6)", async () => {
    const user = await ctx.createUser();
    const { meal, oats } = await breakfastTemplate(user);
    const logged = await call(ctx, user, "POST", "/api/food-entry-meals", {
      meal_template_id: meal.id,
      meal_type: "breakfast",
      entry_date: "2026-05-01",
      quantity: 2,
      unit: "bowl",
    });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({
      name: "Porridge",
      meal_type: "breakfast",
      quantity: 2,
      images: ["https://img.invalid/porridge.jpg"],
    });
    expect(logged.body.foods.map((f: any) => [f.food_name, f.quantity])).toEqual([
      ["Oats", 80],
      ["Milk", 400],
    ]);
    expect(logged.body.foods[0].images).toEqual(oats.images);
    expect(logged.body.calories).toBeCloseTo(150 * 2 + 64 * 4);
    const day = (await call(ctx, user, "GET", "/api/food-entries/by-date/2026-05-01")).body;
    expect(day.every((e: any) => e.food_entry_meal_id === logged.body.id)).toBe(true);
    expect((await call(ctx, user, "GET", "/api/meals/recent")).body.map((m: any) => m.id)).toEqual([
      meal.id,
    ]);

    const moved = await call(ctx, user, "PUT", `/api/food-entry-meals/${logged.body.id}`, {
      meal_type: "lunch",
      entry_date: "2026-05-02",
    });
    expect(moved.body.meal_type).toBe("lunch");
    expect(
      (await call(ctx, user, "GET", "/api/food-entries/by-date/2026-05-02")).body,
    ).toHaveLength(2);
    const replaced = await call(ctx, user, "PUT", `/api/food-entry-meals/${logged.body.id}`, {
      foods: [{ food_id: oats.id, quantity: 40, unit: "g" }],
    });
    expect(replaced.body.foods).toHaveLength(1);
    expect(
      (await call(ctx, user, "GET", "/api/food-entry-meals/by-date/2026-05-02")).body,
    ).toHaveLength(1);
    expect(
      (await call(ctx, user, "DELETE", `/api/food-entry-meals/${logged.body.id}`)).status,
    ).toBe(200);
    expect(
      (await call(ctx, user, "GET", "/api/food-entries/by-date/2026-05-02")).body,
    ).toHaveLength(0);
  });

  test("a template from a day's entries, and favourites", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user);
    await logEntry(ctx, user, {
      food_id: food.id,
      quantity: 30,
      unit: "g",
      meal_type: "dinner",
      entry_date: "2026-06-01",
    });
    await logEntry(ctx, user, {
      food_name: "Quick",
      unit: "g",
      meal_type: "dinner",
      entry_date: "2026-06-01",
    });
    const made = await call(ctx, user, "POST", "/api/meals/from-day", {
      entry_date: "2026-06-01",
      meal_type: "dinner",
      name: "Usual dinner",
    });
    expect(made.status).toBe(201);
    expect(made.body.foods.map((f: any) => [f.food_id, f.quantity])).toEqual([[food.id, 30]]);

    expect((await call(ctx, user, "POST", `/api/favorites/food/${food.id}`)).body).toEqual({
      type: "food",
      id: food.id,
      is_favorite: true,
    });
    await call(ctx, user, "POST", `/api/favorites/meal/${made.body.id}`);
    const favorites = (await call(ctx, user, "GET", "/api/favorites")).body;
    expect(favorites.favoriteFoods.map((f: any) => f.id)).toEqual([food.id]);
    expect(favorites.favoriteFoods[0].favorited_at).toBeString();
    expect(favorites.favoriteMeals.map((m: any) => m.id)).toEqual([made.body.id]);
    expect(
      (await call(ctx, user, "DELETE", `/api/favorites/food/${food.id}`)).body.is_favorite,
    ).toBe(false);
    expect((await call(ctx, user, "GET", "/api/favorites")).body.favoriteFoods).toHaveLength(0);
    const other = await ctx.createUser();
    expect((await call(ctx, other, "POST", `/api/favorites/food/${food.id}`)).status).toBe(404);
  });
});
