import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call, createFood, type Json } from "../foods/helpers.ts";

// No provider is configured and Open Food Facts is off (createTestConfig): everything
// here comes from the catalogue in the binary.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const BANANA = "5a240000-0000-4000-8000-000000009040";

async function search(user: TestUser, term: string, extra = "") {
  const res = await call(
    ctx,
    user,
    "GET",
    `/api/foods/foods-paginated?searchTerm=${encodeURIComponent(term)}${extra}`,
  );
  expect(res.status).toBe(200);
  return res.body as { foods: Json[]; totalCount: number };
}
const names = (page: { foods: Json[] }) => page.foods.map((f) => f.name);

describe("built-in foods: search", () => {
  test("plain foods first, in any word order, singular or plural, with accents", async () => {
    const user = await ctx.createUser();
    expect(names(await search(user, "oats"))[0]).toBe("Oats");
    expect(names(await search(user, "banana raw"))[0]).toBe("Bananas, raw");
    expect(names(await search(user, "raw bananas"))[0]).toBe("Bananas, raw");
    expect(names(await search(user, "bánána"))).toContain("Bananas, raw");
    expect(names(await search(user, "apple raw"))[0]).toMatch(/^Apples, raw/);
    expect(names(await search(user, "egg"))).toContain("Egg, whole, raw, fresh");
    expect((await search(user, "xyzzyq")).totalCount).toBe(0);
  });

  test("the library's foods come first; a built-in food is marked; an empty term lists the library only", async () => {
    const user = await ctx.createUser();
    await createFood(ctx, user, { name: "Banana bread (grandma's)", brand: null });
    const page = await search(user, "banana", "&itemsPerPage=5");
    expect(page.foods[0]).toMatchObject({ name: "Banana bread (grandma's)", is_custom: true });
    expect(page.foods[0]!.is_builtin).toBeUndefined();
    expect(page.foods[1]).toMatchObject({
      is_builtin: true,
      provider_type: "usda_sr24",
      user_id: user.id,
    });
    expect(page.foods).toHaveLength(5);
    expect(page.totalCount).toBeGreaterThan(20);
    // The second page continues the built-in list where the first stopped.
    const second = await search(user, "banana", "&itemsPerPage=5&currentPage=2");
    expect(second.totalCount).toBe(page.totalCount);
    expect(names(second).some((name) => names(page).includes(name))).toBe(false);
    const library = await call(ctx, user, "GET", "/api/foods/foods-paginated");
    expect(library.body.totalCount).toBe(1);
  });

  test("with sortBy (the app listing its library) the library alone", async () => {
    const user = await ctx.createUser();
    expect((await search(user, "banana", "&sortBy=name:asc")).totalCount).toBe(0);
  });

  test("the phone app's search shape: every FoodItem key, with a default variant", async () => {
    const user = await ctx.createUser();
    const [food] = (await search(user, "banana raw")).foods;
    for (const key of ["id", "name", "brand", "is_custom", "default_variant", "variants"]) {
      expect(food).toHaveProperty(key);
    }
    expect(food).toMatchObject({ id: BANANA, brand: null, barcode: null, is_custom: false });
    expect(food!.default_variant).toMatchObject({
      food_id: BANANA,
      serving_size: 1,
      serving_unit: "medium (118 g)",
      is_default: true,
    });
    const details = await call(ctx, user, "GET", `/api/foods/${BANANA}`);
    expect(details.status).toBe(200);
    expect(details.body).toEqual(food);
  });
});

describe("built-in foods: values", () => {
  // USDA National Nutrient Database for Standard Reference, Release 24, per 100 g.
  const usda = [
    { term: "oats", name: "Oats", calories: 389, protein: 16.89, fat: 6.9, dietary_fiber: 10.6 },
    {
      term: "milk whole 3.25 vitamin d",
      name: "Milk, whole, 3.25% milkfat, with added vitamin D",
      calories: 61,
      calcium: 113,
      vitamin_a: 45.6,
      micro: { "Vitamin D": 1.28 },
    },
    {
      term: "egg whole raw fresh",
      name: "Egg, whole, raw, fresh",
      calories: 143,
      protein: 12.56,
      cholesterol: 372,
      micro: { "Vitamin B12": 0.89, Selenium: 30.7 },
    },
  ];
  for (const { term, name, micro, ...values } of usda) {
    test(`${name}: USDA's figures per 100 g`, async () => {
      const user = await ctx.createUser();
      const food = (await search(user, term)).foods.find((f) => f.name === name)!;
      const per100 = food.variants.find((v: Json) => v.serving_unit === "g");
      expect(per100).toMatchObject({ serving_size: 100, ...values });
      for (const [label, value] of Object.entries(micro ?? {})) {
        expect(per100.custom_nutrients[label]).toBeCloseTo(value, 1);
      }
    });
  }

  test("household measures are the variants", async () => {
    const user = await ctx.createUser();
    const res = await call(ctx, user, "GET", `/api/foods/food-variants?food_id=${BANANA}`);
    expect(res.status).toBe(200);
    const units = res.body.map((v: Json) => v.serving_unit);
    expect(units).toEqual([
      "medium (118 g)",
      "cup, mashed (225 g)",
      "cup, sliced (150 g)",
      "extra small (81 g)",
      "small (101 g)",
      "large (136 g)",
      "extra large (152 g)",
      "NLEA serving (126 g)",
      "g",
    ]);
    expect(res.body[0]).toMatchObject({ calories: 105.02, potassium: 422.44 });
    expect(res.body[2]).toMatchObject({ calories: 133.5 });
  });
});

describe("built-in foods: logging and copying", () => {
  test("a medium banana logs 105 kcal and 422 mg potassium, micronutrients included, into the day", async () => {
    const user = await ctx.createUser();
    const variants = (await call(ctx, user, "GET", `/api/foods/food-variants?food_id=${BANANA}`))
      .body as Json[];
    const logged = await call(ctx, user, "POST", "/api/food-entries", {
      food_id: BANANA,
      variant_id: variants[0]!.id,
      quantity: 1,
      unit: "medium (118 g)",
      meal_type: "breakfast",
      entry_date: "2026-05-12",
    });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({
      food_name: "Bananas, raw",
      serving_size: 1,
      serving_unit: "medium (118 g)",
      calories: 105.02,
      potassium: 422.44,
    });
    expect(logged.body.custom_nutrients.Magnesium).toBeCloseTo(31.86, 2);
    expect(logged.body.food_id).not.toBe(BANANA);
    // Logged from the library copy it got: one copy however often it is logged.
    const again = await call(ctx, user, "POST", "/api/food-entries", {
      food_id: BANANA,
      quantity: 150,
      unit: "g",
      meal_type: "lunch",
      entry_date: "2026-05-12",
    });
    expect(again.status).toBe(201);
    expect(again.body.food_id).toBe(logged.body.food_id);
    expect(again.body.calories).toBe(89);
    const day = await call(ctx, user, "GET", "/api/daily-summary?date=2026-05-12");
    expect(day.body.nutrition.totals.calories).toBeCloseTo(105.02 + 133.5, 2);
    expect(day.body.nutrition.totals.potassium).toBeCloseTo(422.44 + 537, 2);
    // The built-in food no longer shows twice in a search: its library copy does.
    const page = await search(user, "banana raw");
    expect(page.foods.filter((f) => f.name === "Bananas, raw")).toHaveLength(1);
    expect(page.foods[0]).toMatchObject({ name: "Bananas, raw", id: logged.body.food_id });
  });

  test("copy to my foods is one action, and a second copy returns the first", async () => {
    const user = await ctx.createUser();
    const copied = await call(ctx, user, "POST", "/api/foods/builtin-copies", { food_id: BANANA });
    expect(copied.status).toBe(201);
    expect(copied.body).toMatchObject({ name: "Bananas, raw", provider_type: "usda_sr24" });
    expect(copied.body.variants).toHaveLength(9);
    expect(copied.body.default_variant.serving_unit).toBe("medium (118 g)");
    const edited = await call(ctx, user, "PUT", `/api/foods/${copied.body.id}`, {
      name: "My banana",
    });
    expect(edited.status).toBe(200);
    const twice = await call(ctx, user, "POST", "/api/foods/builtin-copies", { food_id: BANANA });
    expect(twice.status).toBe(200);
    expect(twice.body.id).toBe(copied.body.id);
    const unknown = await call(ctx, user, "POST", "/api/foods/builtin-copies", {
      food_id: crypto.randomUUID(),
    });
    expect(unknown.status).toBe(404);
  });

  test("the catalogue is shared and read-only for the app role", async () => {
    const user = await ctx.createUser();
    const write = ctx.db.withUser(user.id, (tx) => tx`delete from catalogue.builtin_foods`);
    await expect(write).rejects.toThrow(/permission denied/);
    const [row] = await ctx.db.owner`select count(*)::int as n from catalogue.builtin_foods`;
    expect(row!.n).toBe(7907);
  });
});

describe("barcodes", () => {
  test("a barcode that is not 8-14 digits is refused with 400 before any provider", async () => {
    const user = await ctx.createUser();
    for (const bad of ["gMa'i0eQi", "1234567", "123456789012345"]) {
      const res = await call(ctx, user, "GET", `/api/foods/barcode/${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/8 to 14 digits/);
    }
  });
});
