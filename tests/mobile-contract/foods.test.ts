import { expectShape } from "./shapes.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../foods/helpers.ts";

// The phone app's food, diary and meal calls with its own payloads (reference/mobile-app-api.md),
// checked against the fields its type declarations read back.

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const FOOD_ITEM = [
  "id",
  "name",
  "brand",
  "barcode",
  "is_custom",
  "user_id",
  "shared_with_public",
  "provider_type",
  "provider_external_id",
  "provider_verified",
  "is_quick_food",
  "images",
  "default_variant",
];
const VARIANT = [
  "id",
  "food_id",
  "serving_size",
  "serving_unit",
  "calories",
  "protein",
  "carbs",
  "fat",
  "saturated_fat",
  "dietary_fiber",
  "sugars",
  "sodium",
  "is_default",
  "custom_nutrients",
];
const FOOD_ENTRY = [
  "id",
  "food_id",
  "meal_type",
  "meal_type_id",
  "quantity",
  "unit",
  "variant_id",
  "food_name",
  "brand_name",
  "entry_date",
  "entry_time",
  "serving_size",
  "serving_unit",
  "calories",
  "protein",
  "carbs",
  "fat",
  "images",
  "food_entry_meal_id",
  "meal_id",
];
const MEAL = [
  "id",
  "user_id",
  "name",
  "description",
  "is_public",
  "serving_size",
  "serving_unit",
  "total_servings",
  "created_at",
  "updated_at",
  "images",
  "foods",
];
const MEAL_FOOD = [
  "id",
  "food_id",
  "variant_id",
  "quantity",
  "unit",
  "food_name",
  "brand",
  "serving_size",
  "serving_unit",
  "calories",
  "protein",
  "carbs",
  "fat",
];
const ENTRY_MEAL = [
  "id",
  "user_id",
  "meal_template_id",
  "meal_type",
  "meal_type_id",
  "entry_date",
  "entry_time",
  "name",
  "description",
  "quantity",
  "unit",
  "foods",
  "calories",
  "protein",
  "carbs",
  "fat",
  "images",
];
const ENTRY_MEAL_FOOD = [
  "food_id",
  "food_name",
  "variant_id",
  "quantity",
  "unit",
  "serving_size",
  "serving_unit",
  "calories",
];
const MEAL_TYPE = [
  "id",
  "name",
  "sort_order",
  "user_id",
  "created_at",
  "is_visible",
  "show_in_quick_log",
  "default_time",
];

const hasKeys = (value: unknown, keys: string[]) =>
  expect(Object.keys(value as object)).toEqual(expect.arrayContaining(keys));

describe("the phone app's food, diary and meal calls", () => {
  let food: any;
  let lunch: any;

  test("foods: create with a default variant, list, paginate, variants, update", async () => {
    const created = await call(ctx, user, "POST", "/api/foods", {
      name: "Greek yoghurt",
      brand: "Fage",
      barcode: "5201054017388",
      is_custom: true,
      shared_with_public: false,
      default_variant: {
        serving_size: 170,
        serving_unit: "g",
        calories: 146,
        protein: 15,
        carbs: 6,
        fat: 7,
        dietary_fiber: 0,
        is_default: true,
      },
    });
    expect(created.status).toBe(201);
    food = created.body;
    hasKeys(food, FOOD_ITEM);
    hasKeys(food.default_variant, VARIANT);

    const variant = await call(ctx, user, "POST", "/api/foods/food-variants", {
      food_id: food.id,
      serving_size: 1,
      serving_unit: "cup",
      calories: 220,
      protein: 22,
      carbs: 9,
      fat: 10,
      source: "manual",
      ai_confidence: null,
    });
    hasKeys(variant.body, VARIANT);
    const updatedVariant = await call(
      ctx,
      user,
      "PUT",
      `/api/foods/food-variants/${variant.body.id}`,
      {
        food_id: food.id,
        serving_size: 1,
        serving_unit: "cup",
        calories: 230,
        protein: 22,
        carbs: 9,
        fat: 10,
      },
    );
    expect(updatedVariant.body.calories).toBe(230);
    const variants = await call(ctx, user, "GET", `/api/foods/food-variants?food_id=${food.id}`);
    variants.body.forEach((v: unknown) => hasKeys(v, VARIANT));
    expect(
      (await call(ctx, user, "DELETE", `/api/foods/food-variants/${variant.body.id}`)).body,
    ).toHaveProperty("message");

    const page = await call(
      ctx,
      user,
      "GET",
      "/api/foods/foods-paginated?searchTerm=yog&foodFilter=all&currentPage=1&itemsPerPage=20&sortBy=name:asc",
    );
    expect(page.body.totalCount).toBe(1);
    hasKeys(page.body.foods[0], FOOD_ITEM);
    const put = await call(ctx, user, "PUT", `/api/foods/${food.id}`, {
      name: "Greek yogurt",
      brand: "Fage",
    });
    hasKeys(put.body, FOOD_ITEM);
  });

  test("diary: meal types, create (trailing slash), update, by-date, copy, delete", async () => {
    const types = (await call(ctx, user, "GET", "/api/meal-types")).body;
    types.forEach((t: unknown) => hasKeys(t, MEAL_TYPE));
    lunch = types.find((t: any) => t.name === "lunch");
    const created = await call(ctx, user, "POST", "/api/food-entries/", {
      meal_type_id: lunch.id,
      quantity: 170,
      unit: "g",
      entry_date: "2026-07-01",
      entry_time: null,
      food_id: food.id,
      variant_id: food.default_variant.id,
    });
    expect(created.status).toBe(201);
    hasKeys(created.body, FOOD_ENTRY);
    const updated = await call(ctx, user, "PUT", `/api/food-entries/${created.body.id}`, {
      quantity: 200,
      unit: "g",
      meal_type_id: lunch.id,
      entry_date: "2026-07-01",
    });
    expect(updated.body.quantity).toBe(200);
    const day = await call(ctx, user, "GET", "/api/food-entries/by-date/2026-07-01");
    day.body.forEach((e: unknown) => hasKeys(e, FOOD_ENTRY));
    // What that server answers besides: the logged food's verification and pictures.
    for (const entry of day.body) {
      expectShape(entry, { provider_verified: "boolean", food_images: "array" }, "entry");
    }
    const copied = await call(ctx, user, "POST", "/api/food-entries/copy", {
      sourceDate: "2026-07-01",
      sourceMealType: "lunch",
      targetDate: "2026-07-02",
      targetMealType: "dinner",
    });
    expect(copied.status).toBe(200);
    // The app sends the snapshot request body as a JSON string it built itself.
    const snapshot = await ctx.request("/api/foods/update-snapshot", {
      method: "POST",
      headers: bearer(user.token, { "Content-Type": "application/json" }),
      body: JSON.stringify({ foodId: food.id, variantId: food.default_variant.id }),
    });
    expect(snapshot.status).toBe(200);
    expect((await call(ctx, user, "DELETE", `/api/food-entries/${created.body.id}`)).status).toBe(
      200,
    );
    expect(
      (await call(ctx, user, "DELETE", `/api/food-entries/${copied.body[0].id}/image`)).status,
    ).toBe(204);
    const custom = await call(ctx, user, "POST", "/api/meal-types", {
      name: "Pre-workout",
      sort_order: 5,
      is_visible: true,
      show_in_quick_log: true,
      default_time: "17:00",
    });
    hasKeys(custom.body, MEAL_TYPE);
    expect(
      (await call(ctx, user, "PUT", `/api/meal-types/${custom.body.id}`, { is_visible: false }))
        .body.is_visible,
    ).toBe(false);
    expect((await call(ctx, user, "DELETE", `/api/meal-types/${custom.body.id}`)).status).toBe(204);
  });

  test("meals, logged meals and favourites", async () => {
    const meal = await call(ctx, user, "POST", "/api/meals", {
      name: "Yoghurt bowl",
      description: null,
      is_public: false,
      serving_size: 1,
      serving_unit: "serving",
      foods: [{ food_id: food.id, variant_id: food.default_variant.id, quantity: 170, unit: "g" }],
    });
    expect(meal.status).toBe(201);
    hasKeys(meal.body, MEAL);
    hasKeys(meal.body.foods[0], MEAL_FOOD);
    for (const path of [
      "/api/meals",
      "/api/meals/recent?limit=5",
      "/api/meals/top?limit=5",
      "/api/meals/search?searchTerm=bowl",
    ]) {
      expect((await call(ctx, user, "GET", path)).status).toBe(200);
    }
    expect(
      (await call(ctx, user, "GET", `/api/meals/${meal.body.id}/deletion-impact`)).body,
    ).toEqual({ usedByOtherUsers: false, usedByCurrentUser: false });

    const logged = await call(ctx, user, "POST", "/api/food-entry-meals", {
      meal_template_id: meal.body.id,
      meal_type: "breakfast",
      entry_date: "2026-07-03",
      entry_time: null,
      name: "Yoghurt bowl",
      description: "",
      quantity: 1,
      unit: "serving",
      foods: [
        {
          item_type: "food",
          food_id: food.id,
          variant_id: food.default_variant.id,
          quantity: 170,
          unit: "g",
          food_name: "Greek yogurt",
          calories: 146,
          serving_size: 170,
          serving_unit: "g",
        },
      ],
    });
    expect(logged.status).toBe(201);
    hasKeys(logged.body, ENTRY_MEAL);
    expectShape(logged.body, { meal_images: "array" }, "logged meal");
    hasKeys(logged.body.foods[0], ENTRY_MEAL_FOOD);
    const put = await call(ctx, user, "PUT", `/api/food-entry-meals/${logged.body.id}`, {
      name: "Big bowl",
      quantity: 1,
      unit: "serving",
      foods: [{ food_id: food.id, quantity: 340, unit: "g" }],
    });
    expect(put.body.foods[0].quantity).toBe(340);
    (await call(ctx, user, "GET", "/api/food-entry-meals/by-date/2026-07-03")).body.forEach(
      (m: unknown) => hasKeys(m, ENTRY_MEAL),
    );
    hasKeys(
      (await call(ctx, user, "GET", `/api/food-entry-meals/${logged.body.id}`)).body,
      ENTRY_MEAL,
    );
    expect(
      (await call(ctx, user, "DELETE", `/api/food-entry-meals/${logged.body.id}/image`)).status,
    ).toBe(204);
    expect(
      (await call(ctx, user, "DELETE", `/api/food-entry-meals/${logged.body.id}`)).status,
    ).toBe(200);

    expect((await call(ctx, user, "POST", `/api/favorites/meal/${meal.body.id}`)).body).toEqual({
      type: "meal",
      id: meal.body.id,
      is_favorite: true,
    });
    const favorites = (await call(ctx, user, "GET", "/api/favorites")).body;
    expect(Object.keys(favorites).sort()).toEqual(["favoriteFoods", "favoriteMeals"]);
    hasKeys(favorites.favoriteMeals[0], [...MEAL, "favorited_at"]);
    const nutrients = await call(ctx, user, "GET", "/api/custom-nutrients");
    expect(nutrients.body).toEqual([]);
    const recent = (await call(ctx, user, "GET", "/api/foods")).body;
    expect(Object.keys(recent).sort()).toEqual(["recentFoods", "topFoods"]);
    hasKeys(recent.topFoods[0], [...FOOD_ITEM, "usage_count"]);
    expect((await call(ctx, user, "DELETE", `/api/meals/${meal.body.id}`)).status).toBe(200);
    expect((await call(ctx, user, "DELETE", `/api/foods/${food.id}`)).body).toHaveProperty(
      "message",
    );
  });
});
