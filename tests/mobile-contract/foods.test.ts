import { describe, expect, test } from "bun:test";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS, type AppUser } from "./as-app.ts";
import {
  FOOD_DEFAULT_VARIANT,
  FOOD_ENTRY,
  FOOD_ENTRY_MEAL,
  FOOD_ENTRY_MEAL_FOOD,
  FOOD_ITEM,
  FOOD_VARIANT_DETAIL,
  MEAL,
  MEAL_DELETION_IMPACT,
  MEAL_FOOD,
  MEAL_TYPE,
  TOGGLE_FAVORITE,
  USER_CUSTOM_NUTRIENT,
} from "./food-shapes.ts";
import { expectShape, type Shape } from "./shapes.ts";

// The phone app's food, diary and meal calls with its own payloads (reference/mobile-app-api.md),
// checked against the fields and types its declarations read back.
const ctx = contractContext();

const expectEach = (list: unknown, shape: Shape, name: string) => {
  expect(Array.isArray(list)).toBe(true);
  for (const item of list as unknown[]) expectShape(item, shape, name);
};

for (const credential of CREDENTIALS) {
  describe(`the phone app's food, diary and meal calls (${credential})`, () => {
    let as: AppUser;
    let food: any;

    test("foods: create with a default variant, list, paginate, variants, update", async () => {
      as = await appUser(ctx, credential);
      const created = await appCall(ctx, as, "POST", "/api/foods", {
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
          allergens: ["milk"],
          traces: [],
        },
      });
      expect(created.status).toBe(201);
      food = created.body;
      expectShape(food, FOOD_ITEM, "food");
      expectShape(food.default_variant, FOOD_DEFAULT_VARIANT, "default_variant");
      expect(food.default_variant).toMatchObject({ allergens: ["milk"], traces: [] });

      const variant = await appCall(ctx, as, "POST", "/api/foods/food-variants", {
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
      expectShape(variant.body, FOOD_VARIANT_DETAIL, "variant");
      expect(variant.body).toMatchObject({ allergens: null, traces: null });
      const updatedVariant = await appCall(
        ctx,
        as,
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
          allergens: ["milk"],
          traces: ["nuts"],
        },
      );
      expectShape(updatedVariant.body, FOOD_VARIANT_DETAIL, "variant");
      expect(updatedVariant.body).toMatchObject({ calories: 230, traces: ["nuts"] });
      const variants = await appCall(ctx, as, "GET", `/api/foods/food-variants?food_id=${food.id}`);
      expectEach(variants.body, FOOD_VARIANT_DETAIL, "variant");
      const deleted = await appCall(
        ctx,
        as,
        "DELETE",
        `/api/foods/food-variants/${variant.body.id}`,
      );
      expectShape(deleted.body, { message: "string?" }, "deleted variant");

      const page = await appCall(
        ctx,
        as,
        "GET",
        "/api/foods/foods-paginated?searchTerm=yog&foodFilter=all&currentPage=1&itemsPerPage=20&sortBy=name:asc",
      );
      expectShape(page.body, { foods: "array", totalCount: "number" }, "foods page");
      expect(page.body.totalCount).toBe(1);
      expectEach(page.body.foods, FOOD_ITEM, "food");
      const put = await appCall(ctx, as, "PUT", `/api/foods/${food.id}`, {
        name: "Greek yogurt",
        brand: "Fage",
      });
      expectShape(put.body, FOOD_ITEM, "food");
    });

    test("diary: meal types, create (trailing slash), update, by-date, copy, delete", async () => {
      const types = (await appCall(ctx, as, "GET", "/api/meal-types")).body;
      expectEach(types, MEAL_TYPE, "meal type");
      const lunch = types.find((t: any) => t.name === "lunch");
      const created = await appCall(ctx, as, "POST", "/api/food-entries/", {
        meal_type_id: lunch.id,
        quantity: 170,
        unit: "g",
        entry_date: "2026-07-01",
        entry_time: null,
        food_id: food.id,
        variant_id: food.default_variant.id,
      });
      expect(created.status).toBe(201);
      expectShape(created.body, FOOD_ENTRY, "entry");
      // The food's allergens come with the entry, as that server snapshots them.
      expect(created.body).toMatchObject({ allergens: ["milk"], traces: [] });
      const quick = await appCall(ctx, as, "POST", "/api/food-entries/", {
        meal_type_id: lunch.id,
        quantity: 1,
        unit: "slice",
        entry_date: "2026-07-01",
        food_name: "Toast",
        calories: 80,
        allergens: ["gluten"],
      });
      expect(quick.body).toMatchObject({ allergens: ["gluten"], traces: null });
      const updated = await appCall(ctx, as, "PUT", `/api/food-entries/${created.body.id}`, {
        quantity: 200,
        unit: "g",
        meal_type_id: lunch.id,
        entry_date: "2026-07-01",
      });
      expectShape(updated.body, FOOD_ENTRY, "entry");
      expect(updated.body.quantity).toBe(200);
      const day = await appCall(ctx, as, "GET", "/api/food-entries/by-date/2026-07-01");
      expectEach(day.body, FOOD_ENTRY, "entry");
      expect(day.body.map((e: any) => e.allergens)).toEqual([["milk"], ["gluten"]]);
      const copied = await appCall(ctx, as, "POST", "/api/food-entries/copy", {
        sourceDate: "2026-07-01",
        sourceMealType: "lunch",
        targetDate: "2026-07-02",
        targetMealType: "dinner",
      });
      expect(copied.status).toBe(200);
      expect(copied.body[0].allergens).toEqual(["milk"]);
      // The app sends the snapshot request body as a JSON string it built itself.
      const snapshot = await appCall(ctx, as, "POST", "/api/foods/update-snapshot", {
        foodId: food.id,
        variantId: food.default_variant.id,
      });
      expect(snapshot.status).toBe(200);
      const removed = await appCall(ctx, as, "DELETE", `/api/food-entries/${created.body.id}`);
      expect(removed.status).toBe(200);
      const image = await appCall(
        ctx,
        as,
        "DELETE",
        `/api/food-entries/${copied.body[0].id}/image`,
      );
      expect(image.status).toBe(204);
      const custom = await appCall(ctx, as, "POST", "/api/meal-types", {
        name: "Pre-workout",
        sort_order: 5,
        is_visible: true,
        show_in_quick_log: true,
        default_time: "17:00",
      });
      expectShape(custom.body, MEAL_TYPE, "meal type");
      const hidden = await appCall(ctx, as, "PUT", `/api/meal-types/${custom.body.id}`, {
        is_visible: false,
      });
      expectShape(hidden.body, MEAL_TYPE, "meal type");
      expect(hidden.body.is_visible).toBe(false);
      const gone = await appCall(ctx, as, "DELETE", `/api/meal-types/${custom.body.id}`);
      expect(gone.status).toBe(204);
    });

    test("meals, logged meals and favourites", async () => {
      const meal = await appCall(ctx, as, "POST", "/api/meals", {
        name: "Yoghurt bowl",
        description: null,
        is_public: false,
        serving_size: 1,
        serving_unit: "serving",
        foods: [
          { food_id: food.id, variant_id: food.default_variant.id, quantity: 170, unit: "g" },
        ],
      });
      expect(meal.status).toBe(201);
      expectShape(meal.body, MEAL, "meal");
      expectEach(meal.body.foods, MEAL_FOOD, "meal food");
      expectEach((await appCall(ctx, as, "GET", "/api/meals")).body, MEAL, "meal");
      expectEach((await appCall(ctx, as, "GET", "/api/meals/recent?limit=5")).body, MEAL, "meal");
      expectEach((await appCall(ctx, as, "GET", "/api/meals/top?limit=5")).body, MEAL, "meal");
      const found = await appCall(ctx, as, "GET", "/api/meals/search?searchTerm=bowl");
      expectEach(found.body, MEAL, "meal");
      expect(found.body.map((m: any) => m.id)).toEqual([meal.body.id]);
      expectShape((await appCall(ctx, as, "GET", `/api/meals/${meal.body.id}`)).body, MEAL, "meal");
      const renamed = await appCall(ctx, as, "PUT", `/api/meals/${meal.body.id}`, {
        name: "Big yoghurt bowl",
        description: "Breakfast",
        is_public: false,
        serving_size: 1,
        serving_unit: "serving",
        foods: [
          { food_id: food.id, variant_id: food.default_variant.id, quantity: 200, unit: "g" },
        ],
      });
      expectShape(renamed.body, MEAL, "meal");
      expect(renamed.body).toMatchObject({ name: "Big yoghurt bowl", description: "Breakfast" });
      const impact = await appCall(ctx, as, "GET", `/api/meals/${meal.body.id}/deletion-impact`);
      expectShape(impact.body, MEAL_DELETION_IMPACT, "deletion impact");
      expect(impact.body).toEqual({ usedByOtherUsers: false, usedByCurrentUser: false });

      const logged = await appCall(ctx, as, "POST", "/api/food-entry-meals", {
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
      expectShape(logged.body, FOOD_ENTRY_MEAL, "logged meal");
      expectEach(logged.body.foods, FOOD_ENTRY_MEAL_FOOD, "logged meal food");
      const put = await appCall(ctx, as, "PUT", `/api/food-entry-meals/${logged.body.id}`, {
        name: "Big bowl",
        quantity: 1,
        unit: "serving",
        foods: [{ food_id: food.id, quantity: 340, unit: "g" }],
      });
      expectShape(put.body, FOOD_ENTRY_MEAL, "logged meal");
      expect(put.body.foods[0].quantity).toBe(340);
      const day = await appCall(ctx, as, "GET", "/api/food-entry-meals/by-date/2026-07-03");
      expectEach(day.body, FOOD_ENTRY_MEAL, "logged meal");
      const one = await appCall(ctx, as, "GET", `/api/food-entry-meals/${logged.body.id}`);
      expectShape(one.body, FOOD_ENTRY_MEAL, "logged meal");
      const image = await appCall(
        ctx,
        as,
        "DELETE",
        `/api/food-entry-meals/${logged.body.id}/image`,
      );
      expect(image.status).toBe(204);
      const gone = await appCall(ctx, as, "DELETE", `/api/food-entry-meals/${logged.body.id}`);
      expect(gone.status).toBe(200);

      const starred = await appCall(ctx, as, "POST", `/api/favorites/meal/${meal.body.id}`);
      expectShape(starred.body, TOGGLE_FAVORITE, "favorite");
      expect(starred.body).toEqual({ type: "meal", id: meal.body.id, is_favorite: true });
      const favorites = (await appCall(ctx, as, "GET", "/api/favorites")).body;
      expectShape(favorites, { favoriteFoods: "array", favoriteMeals: "array" }, "favorites");
      expectEach(favorites.favoriteMeals, { ...MEAL, favorited_at: "string" }, "favorite meal");
      const unstarred = await appCall(ctx, as, "DELETE", `/api/favorites/meal/${meal.body.id}`);
      expect(unstarred.body).toEqual({ type: "meal", id: meal.body.id, is_favorite: false });

      const nutrients = await appCall(ctx, as, "GET", "/api/custom-nutrients");
      expectEach(nutrients.body, USER_CUSTOM_NUTRIENT, "custom nutrient");
      const recent = (await appCall(ctx, as, "GET", "/api/foods")).body;
      expectShape(recent, { recentFoods: "array", topFoods: "array" }, "foods");
      expectEach(recent.recentFoods, FOOD_ITEM, "recent food");
      expectEach(recent.topFoods, { ...FOOD_ITEM, usage_count: "number" }, "top food");
      expect(recent.topFoods.length).toBeGreaterThan(0);
      expect((await appCall(ctx, as, "DELETE", `/api/meals/${meal.body.id}`)).status).toBe(200);
      const foodGone = await appCall(ctx, as, "DELETE", `/api/foods/${food.id}`);
      expectShape(foodGone.body, { message: "string" }, "deleted food");
    });
  });
}
