import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FoodProviderFakes } from "../fakes/food-providers.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import type { TestContext, TestUser } from "../helpers/test-app.ts";
import { addProvider, call, createProviderContext, type Json } from "./helpers.ts";

let ctx: TestContext;
let fakes: FoodProviderFakes;
let user: TestUser;
beforeAll(async () => {
  ({ ctx, fakes } = await createProviderContext());
  user = await ctx.createUser();
  for (const type of [
    "openfoodfacts",
    "usda",
    "fatsecret",
    "nutritionix",
    "mealie",
    "tandoor",
    "norish",
    "yazio",
    "swissfood",
  ] as const) {
    await addProvider(ctx, user, fakes, type);
  }
}, SETUP_TIMEOUT);
afterAll(async () => {
  fakes.stopAll();
  await ctx.close();
});

const search = async (type: string, query: string) => {
  const res = await call(ctx, user, "GET", `/api/v2/foods/search/${type}?query=${query}`);
  expect(res.status).toBe(200);
  return res.body as { foods: Json[]; pagination: Json };
};
const details = async (type: string, id: string) => {
  const res = await call(
    ctx,
    user,
    "GET",
    `/api/v2/foods/details/${type}/${encodeURIComponent(id)}`,
  );
  expect(res.status).toBe(200);
  return res.body as Json;
};
const IMAGE_KEYS = ["image_url", "image_source_url", "images"];

describe("Open Food Facts", () => {
  test("search: normalized per 100 g, with serving; images only on the first five", async () => {
    const { foods, pagination } = await search("openfoodfacts", "chocolate");
    expect(foods.length).toBe(8);
    expect(pagination).toEqual({ page: 1, pageSize: 20, totalCount: 8, hasMore: false });
    const withImages = foods.filter((f) => f.images.length > 0).length;
    expect(withImages).toBe(5);
    expect(foods[5]!.images).toEqual([]);
    for (const food of foods) expect(Object.keys(food)).toEqual(expect.arrayContaining(IMAGE_KEYS));
    // The search call itself asked for no image fields: they come from the detail calls.
    const searchCall = fakes.openfoodfacts.requests.find((u) => u.pathname === "/cgi/search.pl")!;
    expect(searchCall.searchParams.get("fields")).not.toContain("image");
  });

  test("details: nutrients in our units, allergens, front image and its full size", async () => {
    const food = await details("openfoodfacts", "3017620422003");
    expect(food).toMatchObject({
      name: "Nutella",
      brand: "Ferrero",
      barcode: "3017620422003",
      provider_type: "openfoodfacts",
      provider_external_id: "3017620422003",
      allergens: ["milk", "nuts", "soybeans"],
    });
    expect(food.default_variant).toMatchObject({
      serving_size: 100,
      serving_unit: "g",
      calories: 539,
      sodium: 42.8,
    });
    expect(food.variants[1]).toMatchObject({ serving_size: 15, calories: 80.85 });
    expect(food.image_url).toEndWith("/front_en.400.jpg");
    expect(food.image_source_url).toEndWith("/front_en.full.jpg");
  });

  test("a descriptive User-Agent is sent", async () => {
    await details("openfoodfacts", "3017620422003");
    expect(fakes.openfoodfacts.agents.at(-1)).toMatch(/^fitness-server\/\S+ \(self-hosted/);
  });

  test("an unknown product is 404", async () => {
    const res = await call(ctx, user, "GET", "/api/v2/foods/details/openfoodfacts/123");
    expect(res.status).toBe(404);
  });
});

describe("USDA FoodData Central", () => {
  test("search and details map nutrient ids; no images", async () => {
    const { foods } = await search("usda", "apple");
    expect(foods[0]).toMatchObject({
      name: "Apples, raw, with skin",
      provider_external_id: "171688",
      images: [],
    });
    expect(foods[0]!.default_variant).toMatchObject({ calories: 52, carbs: 13.8, vitamin_c: 4.6 });
    const food = await details("usda", "2345678");
    expect(food).toMatchObject({
      brand: "The J.M. Smucker Company",
      barcode: "051500255162",
      image_url: null,
    });
    // The label serving is the default; 100 g stays selectable.
    expect(food.default_variant).toMatchObject({ serving_size: 32, calories: 190.08 });
    expect(food.variants.map((v: Json) => v.serving_size)).toEqual([100, 32]);
  });
});

describe("FatSecret", () => {
  test("search parses the description line; details list every serving", async () => {
    const { foods } = await search("fatsecret", "banana");
    expect(foods[0]!.provider_external_id).toBe("33691");
    const food = await details("fatsecret", "33691");
    expect(food.default_variant).toMatchObject({
      serving_size: 118,
      serving_unit: "g",
      calories: 105,
      potassium: 422,
    });
    expect(food.variants).toHaveLength(2);
  });
});

describe("Nutritionix", () => {
  test("branded and common foods, with their photos on details", async () => {
    const { foods } = await search("nutritionix", "yogurt");
    expect(foods.map((f) => f.provider_external_id)).toEqual([
      "branded:nix-fage-1",
      "common:apple",
    ]);
    const branded = await details("nutritionix", "branded:nix-fage-1");
    expect(branded).toMatchObject({ name: "Greek Yogurt, Plain", brand: "Fage" });
    expect(branded.images).toHaveLength(2);
    const common = await details("nutritionix", "common:apple");
    expect(common.default_variant).toMatchObject({ serving_size: 182, calories: 94.64 });
  });
});

describe("recipe managers", () => {
  test("Mealie: recipe per serving; its relative media path keeps the configured sub-path", async () => {
    const { foods } = await search("mealie", "pan");
    expect(foods[0]!.default_variant).toMatchObject({
      serving_size: 1,
      serving_unit: "serving",
      calories: 350,
      sodium: 400,
    });
    expect(foods[0]!.image_url).toBe(
      `${fakes.mealie.origin}/mealie/api/media/recipes/6f1e0c1e-6b8a-4c43-9a55-3f0f1f0e2a11/images/original.webp`,
    );
  });

  test("Tandoor: relative image under the sub-path, absolute image kept", async () => {
    const { foods } = await search("tandoor", "soup");
    expect(foods[0]).toMatchObject({
      name: "Lentil soup",
      image_url: `${fakes.tandoor.origin}/tandoor/media/recipes/lentil.jpg`,
    });
    expect(foods[0]!.default_variant).toMatchObject({
      calories: 320,
      protein: 18,
      fat: 6,
      carbs: 45,
    });
    expect(foods[1]!.image_url).toBe(`${fakes.tandoor.origin}/elsewhere/tomato.jpg`);
  });

  test("Norish: a path without a leading slash resolves under the base URL", async () => {
    const food = await details("norish", "n1");
    expect(food).toMatchObject({
      name: "Granola",
      image_url: `${fakes.norish.origin}/uploads/granola.jpg`,
    });
    expect(food.default_variant).toMatchObject({ calories: 210 });
  });

  test("recipe managers have no barcode lookup and need a base URL", async () => {
    const res = await call(ctx, user, "POST", "/api/external-providers", {
      provider_name: "m",
      provider_type: "mealie",
      app_key: "t",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Mealie needs the base URL of your server.");
  });
});

describe("Yazio and the Swiss database", () => {
  test("Yazio: password grant, nutrients per ml scaled to 100 ml and the serving", async () => {
    const { foods } = await search("yazio", "oat");
    const food = foods[0]!;
    expect(food).toMatchObject({ name: "Oat drink", brand: "Oatly", provider_verified: true });
    expect(food.default_variant).toMatchObject({
      serving_size: 100,
      serving_unit: "ml",
      calories: 46,
    });
    expect(food.variants[1]).toMatchObject({
      serving_size: 250,
      calories: 115,
      serving_description: "glass",
    });
  });

  test("Swiss: names and details in the user's language; no images", async () => {
    await call(ctx, user, "PUT", "/api/user-preferences", { language: "de" });
    const { foods } = await search("swissfood", "apfel");
    expect(foods[0]).toMatchObject({ name: "Apfel, frisch", images: [] });
    expect(foods[0]!.default_variant).toMatchObject({
      calories: 52,
      calcium: 5.3,
      dietary_fiber: 2.4,
    });
    const asked = fakes.swissfood.requests.map((u) => u.searchParams.get("lang"));
    expect(asked).toContain("de");
  });
});

describe("barcode lookup", () => {
  test("the barcode providers in order; the first that knows it answers", async () => {
    const res = await call(ctx, user, "GET", "/api/v2/foods/barcode/3017620422003");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: "openfoodfacts", food: { name: "Nutella" } });
    const usda = await call(ctx, user, "GET", "/api/v2/foods/barcode/051500255162");
    expect(usda.body).toMatchObject({ source: "usda", food: { name: "PEANUT BUTTER" } });
    const fatsecret = await call(ctx, user, "GET", "/api/v2/foods/barcode/33691");
    expect(fatsecret.body).toMatchObject({ source: "fatsecret", food: { name: "Banana" } });
    const nix = await call(ctx, user, "GET", "/api/v2/foods/barcode/0689544001737");
    expect(nix.body).toMatchObject({ source: "nutritionix", food: { brand: "Fage" } });
  });

  test("then the local library; else not_found", async () => {
    const saved = await call(ctx, user, "POST", "/api/foods", {
      name: "Home granola",
      barcode: "2000000000001",
      serving_size: 50,
      serving_unit: "g",
      calories: 200,
    });
    expect(saved.status).toBe(201);
    const local = await call(ctx, user, "GET", "/api/v2/foods/barcode/2000000000001");
    expect(local.body).toMatchObject({ source: "local", food: { id: saved.body.id } });
    const none = await call(ctx, user, "GET", "/api/v2/foods/barcode/2000000000002");
    expect(none.body).toEqual({ source: "not_found", food: null });
  });
});

describe("importing a provider food", () => {
  test("the normalized food posts to /api/foods as it is; a second import returns it (rule 5)", async () => {
    const food = await details("openfoodfacts", "3017620422003");
    const first = await call(ctx, user, "POST", "/api/foods", food);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      provider_type: "openfoodfacts",
      provider_external_id: "3017620422003",
    });
    expect(first.body.variants).toHaveLength(2);
    const again = await call(ctx, user, "POST", "/api/foods", food);
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id } });
  });
});

describe("first-generation search routes", () => {
  test("answer in each provider's own shape", async () => {
    const off = await call(ctx, user, "GET", "/api/foods/openfoodfacts/search?query=nutella");
    expect(off.body.products[0]).toMatchObject({ code: "3017620422003", product_name: "Nutella" });
    expect(off.body.products[0].nutriments).toMatchObject({
      "energy-kcal_100g": 539,
      sodium_100g: 0.0428,
    });
    const usda = await call(ctx, user, "GET", "/api/foods/usda/search?query=apple");
    expect(usda.body.foods[0]).toMatchObject({ fdcId: 171688 });
    expect(usda.body.foods[0].foodNutrients).toContainEqual(
      expect.objectContaining({ nutrientId: 1008, value: 52 }),
    );
    const fs = await call(ctx, user, "GET", "/api/foods/fatsecret/search?query=banana");
    expect(fs.body.foods.food[0].food_description).toContain("Calories: 105kcal");
    const nutrients = await call(ctx, user, "GET", "/api/foods/fatsecret/nutrients?foodId=33691");
    expect(nutrients.body.food.servings.serving[0]).toMatchObject({
      calories: "105",
      metric_serving_unit: "g",
    });
    const mealie = await call(ctx, user, "GET", "/api/foods/mealie/search?query=pan");
    expect(mealie.body.items[0]).toMatchObject({
      name: "Pancakes",
      provider_external_id: "pancakes",
    });
    expect(mealie.body.pagination).toMatchObject({ page: 1, totalCount: 1 });
  });
});
