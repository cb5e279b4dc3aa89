import { JPEG } from "../../helpers/image-fixtures.ts";
import type { MatrixOwner, MatrixRoute, Seeded } from "../types.ts";

// Meal type and nutrient names are unique per user, and the seed and each row run once per
// caller against the same owner: every name they create must be new.
const BUILTIN_BANANA = "5a240000-0000-4000-8000-000000009040";
const unique = (name: string) => `${name} ${crypto.randomUUID().slice(0, 8)}`;

/** The owner's food library and diary: a food with a second variant, an entry, a template, a logged meal, a meal type. */
async function seed(owner: MatrixOwner): Promise<Seeded> {
  const body = async (method: string, path: string, payload?: unknown) =>
    (await owner.request(method, path, payload)).json();
  const food = await body("POST", "/api/foods", {
    name: "Matrix oats",
    barcode: "9990001",
    serving_size: 40,
    serving_unit: "g",
    calories: 150,
  });
  const cup = await body("POST", "/api/foods/food-variants", {
    food_id: food.id,
    serving_size: 1,
    serving_unit: "cup",
    calories: 300,
  });
  const entry = await body("POST", "/api/food-entries", {
    food_id: food.id,
    quantity: 40,
    unit: "g",
    meal_type: "breakfast",
    entry_date: "2026-03-01",
  });
  const meal = await body("POST", "/api/meals", {
    name: "Matrix meal",
    foods: [{ food_id: food.id, quantity: 40, unit: "g" }],
  });
  const logged = await body("POST", "/api/food-entry-meals", {
    meal_template_id: meal.id,
    meal_type: "lunch",
    entry_date: "2026-03-01",
  });
  const mealType = await body("POST", "/api/meal-types", { name: unique("Matrix") });
  await owner.request("POST", `/api/favorites/food/${food.id}`);
  // Copied once here, so the row below finds the copy (200) whoever calls.
  await owner.request("POST", "/api/foods/builtin-copies", { food_id: BUILTIN_BANANA });
  const nutrient = await body("POST", "/api/custom-nutrients", {
    name: unique("Matrix caffeine"),
    unit: "mg",
  });
  return {
    foodId: food.id,
    variantId: cup.id,
    entryId: entry.id,
    mealId: meal.id,
    loggedMealId: logged.id,
    mealTypeId: mealType.id,
    nutrientId: nutrient.id,
  };
}

const imageForm = () => {
  const form = new FormData();
  form.set("image", new File([JPEG], "plate.jpg"));
  return form;
};

const libraryRead = (path: string | ((s: Seeded) => string)): MatrixRoute => ({
  method: "GET",
  path,
  permission: "can_view_food_library",
  write: false,
  seed,
});
const diaryRead = (path: string | ((s: Seeded) => string)): MatrixRoute => ({
  method: "GET",
  path,
  permission: "can_manage_diary",
  write: false,
  seed,
});
const diaryWrite = (
  method: MatrixRoute["method"],
  path: string | ((s: Seeded) => string),
  body?: MatrixRoute["body"],
  okStatus = 200,
): MatrixRoute => ({
  method,
  path,
  permission: "can_manage_diary",
  write: true,
  body,
  seed,
  okStatus,
});

export const routes: MatrixRoute[] = [
  // Food library reads: can_view_food_library (or can_manage_diary) in a switched context.
  libraryRead("/api/foods"),
  libraryRead("/api/foods/foods-paginated?searchTerm=oats"),
  libraryRead((s) => `/api/foods/food-variants?food_id=${s.foodId}`),
  libraryRead((s) => `/api/foods/${s.foodId}`),
  libraryRead("/api/meals"),
  libraryRead("/api/meals/recent"),
  libraryRead("/api/meals/top"),
  libraryRead("/api/meals/search?searchTerm=matrix"),
  libraryRead((s) => `/api/meals/${s.mealId}`),
  libraryRead((s) => `/api/meals/${s.mealId}/deletion-impact`),
  libraryRead("/api/favorites"),
  libraryRead("/api/custom-nutrients"),
  // Diary reads: can_manage_diary or can_view_reports.
  diaryRead("/api/food-entries/by-date/2026-03-01"),
  diaryRead("/api/food-entries/range/2026-03-01/2026-03-02"),
  diaryRead("/api/meal-types"),
  diaryRead("/api/meal-plan-templates"),
  diaryRead("/api/food-entry-meals/by-date/2026-03-01"),
  diaryRead((s) => `/api/food-entry-meals/${s.loggedMealId}`),
  // Writes: can_manage_diary only.
  diaryWrite("POST", "/api/foods", { name: "New", serving_size: 1, serving_unit: "g" }, 201),
  diaryWrite("POST", "/api/foods/builtin-copies", { food_id: BUILTIN_BANANA }),
  diaryWrite("PUT", (s) => `/api/foods/${s.foodId}`, { name: "Renamed" }),
  diaryWrite("DELETE", (s) => `/api/foods/${s.foodId}`),
  diaryWrite(
    "POST",
    "/api/foods/food-variants",
    (s: Seeded) => ({ food_id: s.foodId, serving_size: 2, serving_unit: "bowl" }),
    201,
  ),
  diaryWrite("PUT", (s) => `/api/foods/food-variants/${s.variantId}`, {
    serving_size: 2,
    serving_unit: "cup",
  }),
  diaryWrite("DELETE", (s) => `/api/foods/food-variants/${s.variantId}`),
  diaryWrite("POST", "/api/foods/update-snapshot", (s: Seeded) => ({
    foodId: s.foodId,
    syncImages: true,
  })),
  diaryWrite("POST", "/foods/update-snapshot", (s: Seeded) => ({ foodId: s.foodId })),
  diaryWrite(
    "POST",
    "/api/food-entries",
    (s: Seeded) => ({
      food_id: s.foodId,
      quantity: 1,
      unit: "cup",
      meal_type: "dinner",
      entry_date: "2026-03-01",
    }),
    201,
  ),
  diaryWrite("PUT", (s) => `/api/food-entries/${s.entryId}`, { quantity: 80 }),
  diaryWrite("DELETE", (s) => `/api/food-entries/${s.entryId}`),
  diaryWrite("POST", "/api/food-entries/copy", {
    sourceDate: "2026-03-01",
    targetDate: "2026-03-02",
  }),
  diaryWrite("POST", "/api/food-entries/copy-yesterday", { targetDate: "2026-03-02" }),
  { ...diaryWrite("POST", (s) => `/api/food-entries/${s.entryId}/image`), form: imageForm },
  diaryWrite("DELETE", (s) => `/api/food-entries/${s.entryId}/image`, undefined, 204),
  diaryWrite("POST", "/api/meal-types", () => ({ name: unique("Matrix supper") }), 201),
  diaryWrite("PUT", (s) => `/api/meal-types/${s.mealTypeId}`, { sort_order: 9 }),
  diaryWrite("DELETE", (s) => `/api/meal-types/${s.mealTypeId}`, undefined, 204),
  diaryWrite(
    "POST",
    "/api/meals",
    (s: Seeded) => ({ name: "Another", foods: [{ food_id: s.foodId, quantity: 1, unit: "cup" }] }),
    201,
  ),
  diaryWrite("PUT", (s) => `/api/meals/${s.mealId}`, { name: "Renamed meal" }),
  diaryWrite("DELETE", (s) => `/api/meals/${s.mealId}`),
  diaryWrite("POST", "/api/meals/from-day", { entry_date: "2026-03-01", name: "From day" }, 201),
  diaryWrite(
    "POST",
    "/api/food-entry-meals",
    (s: Seeded) => ({ meal_template_id: s.mealId, meal_type: "dinner", entry_date: "2026-03-03" }),
    201,
  ),
  diaryWrite("PUT", (s) => `/api/food-entry-meals/${s.loggedMealId}`, { meal_type: "dinner" }),
  diaryWrite("DELETE", (s) => `/api/food-entry-meals/${s.loggedMealId}`),
  {
    ...diaryWrite("POST", (s) => `/api/food-entry-meals/${s.loggedMealId}/image`),
    form: imageForm,
  },
  diaryWrite("DELETE", (s) => `/api/food-entry-meals/${s.loggedMealId}/image`, undefined, 204),
  diaryWrite("POST", (s) => `/api/favorites/food/${s.foodId}`),
  diaryWrite("DELETE", (s) => `/api/favorites/food/${s.foodId}`),
  diaryWrite(
    "POST",
    "/api/custom-nutrients",
    () => ({ name: unique("Matrix taurine"), unit: "mg" }),
    201,
  ),
  diaryWrite(
    "PUT",
    (s) => `/api/custom-nutrients/${s.nutrientId}`,
    () => ({
      name: unique("Matrix theine"),
      unit: "mg",
    }),
  ),
  diaryWrite("DELETE", (s) => `/api/custom-nutrients/${s.nutrientId}`, undefined, 204),
];
