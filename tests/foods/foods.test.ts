import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call, createFood, foodPayload } from "./helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

describe("foods", () => {
  test("create, read, update and the default variant", async () => {
    const user = await ctx.createUser();
    const created = await call(ctx, user, "POST", "/api/foods", foodPayload());
    expect(created.status).toBe(201);
    const food = created.body;
    expect(food).toMatchObject({
      name: "Crème Fraîche",
      brand: "Dairy Co",
      is_custom: true,
      is_quick_food: false,
    });
    expect(food.default_variant).toMatchObject({
      serving_size: 100,
      serving_unit: "g",
      calories: 290,
      fat: 30,
      is_default: true,
    });
    expect(food.variants).toHaveLength(1);

    const updated = await call(ctx, user, "PUT", `/api/foods/${food.id}`, {
      name: "Sour cream",
      calories: 200,
      serving_size: 50,
      serving_unit: "g",
    });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe("Sour cream");
    expect(updated.body.default_variant).toMatchObject({
      serving_size: 50,
      calories: 200,
      id: food.default_variant.id,
    });

    const read = await call(ctx, user, "GET", `/api/foods/${food.id}`);
    expect(read.body.name).toBe("Sour cream");
  });

  test("a main nutrient left out or null stays not given (null), on a food and on a variant", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user, { protein: null, carbs: undefined, fat: undefined });
    expect(food.default_variant).toMatchObject({
      calories: 290,
      protein: null,
      carbs: null,
      fat: null,
    });
    const variant = await call(ctx, user, "POST", "/api/foods/food-variants", {
      food_id: food.id,
      serving_size: 1,
      serving_unit: "spoon",
      calories: null,
      fat: 4,
    });
    expect(variant.status).toBe(201);
    expect(variant.body).toMatchObject({ calories: null, protein: null, fat: 4 });
    const read = await call(ctx, user, "GET", `/api/foods/food-variants?food_id=${food.id}`);
    expect(read.body.map((v: any) => [v.serving_unit, v.calories, v.protein])).toEqual([
      ["g", 290, null],
      ["spoon", null, null],
    ]);
    // The food form leaves an emptied field out: it becomes not given again.
    const cleared = await call(ctx, user, "PUT", `/api/foods/${food.id}`, {
      name: food.name,
      default_variant: { serving_size: 100, serving_unit: "g", protein: 3 },
    });
    expect(cleared.body.default_variant).toMatchObject({ calories: null, protein: 3 });
  });

  test("bad input is a 400 naming the field and creates nothing", async () => {
    const user = await ctx.createUser();
    const bad = await call(
      ctx,
      user,
      "POST",
      "/api/foods",
      foodPayload({ name: "", calories: -1 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("name");
    const noServing = await call(ctx, user, "POST", "/api/foods", { name: "Plain" });
    expect(noServing.status).toBe(400);
    const list = await call(ctx, user, "GET", "/api/foods/foods-paginated");
    expect(list.body.totalCount).toBe(0);
  });

  test("variants: add, list, change, the default cannot be deleted, others can", async () => {
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
    expect(cup.status).toBe(201);
    const list = await call(ctx, user, "GET", `/api/foods/food-variants?food_id=${food.id}`);
    expect(list.body.map((v: any) => v.serving_unit)).toEqual(["g", "cup"]);
    const changed = await call(ctx, user, "PUT", `/api/foods/food-variants/${cup.body.id}`, {
      food_id: food.id,
      serving_size: 2,
      serving_unit: "cup",
      calories: 1400,
      protein: 10,
      carbs: 14,
      fat: 140,
    });
    expect(changed.body).toMatchObject({ serving_size: 2, calories: 1400, is_default: false });
    const refused = await call(
      ctx,
      user,
      "DELETE",
      `/api/foods/food-variants/${food.default_variant.id}`,
    );
    expect(refused.status).toBe(400);
    const deleted = await call(ctx, user, "DELETE", `/api/foods/food-variants/${cup.body.id}`);
    expect(deleted.status).toBe(200);
    const after = await call(ctx, user, "GET", `/api/foods/food-variants?food_id=${food.id}`);
    expect(after.body).toHaveLength(1);
  });

  test("search is case- and accent-insensitive over name, brand and barcode, paginated", async () => {
    const user = await ctx.createUser();
    await createFood(ctx, user, {
      name: "Crème brûlée",
      brand: "Pâtisserie",
      barcode: "3017620422003",
    });
    await createFood(ctx, user, { name: "Apple", brand: "Orchard" });
    await createFood(ctx, user, { name: "Apple pie", brand: "Bakery" });
    // A sortBy lists the library alone (no built-in foods).
    const search = async (q: string, extra = "") =>
      (
        await call(
          ctx,
          user,
          "GET",
          `/api/foods/foods-paginated?searchTerm=${encodeURIComponent(q)}&sortBy=name:asc${extra}`,
        )
      ).body;
    expect((await search("CREME BRULEE")).foods.map((f: any) => f.name)).toEqual(["Crème brûlée"]);
    expect((await search("patisserie")).totalCount).toBe(1);
    expect((await search("0422003")).totalCount).toBe(1);
    expect((await search("apple")).totalCount).toBe(2);
    const page2 = await search("", "&itemsPerPage=2&currentPage=2");
    expect(page2.totalCount).toBe(3);
    expect(page2.foods).toHaveLength(1);
    expect((await search("%")).totalCount).toBe(0);
  });

  test("the foods page (JSON built by PostgreSQL) carries each food exactly as its own read does", async () => {
    const user = await ctx.createUser();
    const plain = await createFood(ctx, user, { name: "Plain oats" });
    const rich = await createFood(ctx, user, {
      name: "Rich stew",
      brand: "Home",
      barcode: "4006381333931",
      image_url: "/uploads/stew.png",
      default_variant: {
        serving_size: 250.5,
        serving_unit: "g",
        calories: 321.25,
        protein: 0.1,
        carbs: 1e-7,
        fat: 12,
        sodium: 480,
        glycemic_index: "low",
        custom_nutrients: { omega3: 1.5 },
      },
    });
    await call(ctx, user, "POST", "/api/foods/food-variants", {
      food_id: rich.id,
      serving_size: 1,
      serving_unit: "bowl",
      calories: 400,
      protein: 20,
      carbs: 30,
      fat: 15,
    });
    const page = await call(ctx, user, "GET", "/api/foods/foods-paginated?itemsPerPage=10");
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(2);
    for (const food of [plain, rich]) {
      const own = await call(ctx, user, "GET", `/api/foods/${food.id}`);
      expect(page.body.foods.find((f: any) => f.id === food.id)).toEqual(own.body);
    }
    const beyond = await call(ctx, user, "GET", "/api/foods/foods-paginated?currentPage=5");
    expect(beyond.body).toEqual({ foods: [], totalCount: 2 });
  });

  test("barcode lookup finds the user's food, and not another user's", async () => {
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const food = await createFood(ctx, user, { barcode: "4006381333931" });
    const found = await call(ctx, user, "GET", "/api/foods/barcode/4006381333931");
    expect(found.body).toMatchObject({ source: "local", food: { id: food.id } });
    const missing = await call(ctx, other, "GET", "/api/foods/barcode/4006381333931");
    expect(missing.body).toEqual({ source: "not_found", food: null });
  });

  test("another user's food is not found for read, change or delete", async () => {
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const food = await createFood(ctx, user);
    expect((await call(ctx, other, "GET", `/api/foods/${food.id}`)).status).toBe(404);
    expect((await call(ctx, other, "PUT", `/api/foods/${food.id}`, { name: "x" })).status).toBe(
      404,
    );
    expect((await call(ctx, other, "DELETE", `/api/foods/${food.id}`)).status).toBe(404);
    expect((await call(ctx, other, "GET", "/api/foods/not-a-uuid")).status).toBe(404);
    expect((await call(ctx, user, "GET", `/api/foods/${food.id}`)).body.name).toBe("Crème Fraîche");
  });

  test("user-defined custom nutrients, and their values on a variant", async () => {
    const user = await ctx.createUser();
    const created = await call(ctx, user, "POST", "/api/custom-nutrients", {
      name: "Caffeine",
      unit: "mg",
    });
    expect(created.status).toBe(201);
    expect(
      (await call(ctx, user, "POST", "/api/custom-nutrients", { name: "caffeine", unit: "mg" }))
        .status,
    ).toBe(409);
    const food = await createFood(ctx, user, {
      name: "Espresso",
      custom_nutrients: { Caffeine: 63 },
    });
    expect(food.default_variant.custom_nutrients).toEqual({ Caffeine: 63 });
    const renamed = await call(ctx, user, "PUT", `/api/custom-nutrients/${created.body.id}`, {
      name: "Caffeine",
      unit: "g",
    });
    expect(renamed.body.unit).toBe("g");
    expect((await call(ctx, user, "GET", "/api/custom-nutrients")).body).toEqual([
      { id: created.body.id, name: "Caffeine", unit: "g" },
    ]);
    expect(
      (await call(ctx, user, "DELETE", `/api/custom-nutrients/${created.body.id}`)).status,
    ).toBe(204);
    expect((await call(ctx, user, "GET", "/api/custom-nutrients")).body).toEqual([]);
  });
});
