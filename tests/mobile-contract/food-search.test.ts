import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FoodProviderFakes } from "../fakes/food-providers.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import type { TestContext } from "../helpers/test-app.ts";
import { addProvider, createProviderContext } from "../providers/helpers.ts";
import { recorded } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS, type AppUser } from "./as-app.ts";
import { FOOD_DEFAULT_VARIANT, FOOD_ITEM } from "./food-shapes.ts";
import { expectShape, type Shape } from "./shapes.ts";

// The phone app's online food search (its externalFoodSearchApi.ts), against the local fakes
// of each provider: the first-generation routes in each provider's own shape, and the v2
// routes with the normalized food.
let ctx: TestContext;
let fakes: FoodProviderFakes;
beforeAll(async () => {
  ({ ctx, fakes } = await createProviderContext());
  ctx = recorded(ctx);
}, SETUP_TIMEOUT);
afterAll(async () => {
  fakes.stopAll();
  await ctx.close();
});

const PAGINATION: Shape = {
  page: "number",
  pageSize: "number",
  totalCount: "number",
  hasMore: "boolean",
};
// NormalizedFood of the app; its variants are NormalizedFoodVariant (the default variant's fields).
const NORMALIZED_FOOD: Shape = {
  id: "string?",
  name: "string",
  brand: "string|null",
  barcode: "string?",
  provider_external_id: "string?",
  provider_type: "string?",
  is_custom: "boolean",
  provider_verified: "boolean?",
  image_url: "string|null?",
  image_source_url: "string|null?",
  images: "array?",
  default_variant: "object",
  variants: "array?",
};
const { allergens: _, traces: __, ...NORMALIZED_VARIANT } = FOOD_DEFAULT_VARIANT;

/** A page of results: its list (of the type given) and the pagination. */
function expectPage(body: unknown, list: Shape, name: string) {
  expectShape(body, { ...list, pagination: "object" }, name);
  expectShape((body as { pagination: unknown }).pagination, PAGINATION, `${name} pagination`);
}

function expectNormalized(food: any) {
  expectShape(food, NORMALIZED_FOOD, "food");
  expectShape(food.default_variant, NORMALIZED_VARIANT, "default_variant");
}

for (const credential of CREDENTIALS) {
  describe(`phone app: online food search (${credential})`, () => {
    let as: AppUser;
    const ids: Record<string, string> = {};
    /** A GET of the app's, naming the provider (x-provider-id) where the app does. */
    const get = (path: string, provider?: string) =>
      appCall(ctx, as, "GET", path, undefined, provider ? { "x-provider-id": ids[provider]! } : {});
    beforeAll(async () => {
      as = await appUser(ctx, credential);
      for (const type of ["openfoodfacts", "usda", "fatsecret", "mealie"] as const)
        ids[type] = await addProvider(ctx, as.user, fakes, type);
    });

    test("the first-generation searches answer each provider's shape with pagination", async () => {
      const off = await get("/api/foods/openfoodfacts/search?query=nutella&page=1");
      expectPage(off.body, { products: "array" }, "openfoodfacts");
      expect(off.body.products[0]).toMatchObject({
        code: "3017620422003",
        product_name: "Nutella",
      });
      const usda = await get("/api/foods/usda/search?query=apple&page=1", "usda");
      expectPage(usda.body, { foods: "array" }, "usda");
      expectShape(
        usda.body.foods[0],
        { fdcId: "number", description: "string", foodNutrients: "array" },
        "usda food",
      );
      const fs = await get("/api/foods/fatsecret/search?query=banana&page=1", "fatsecret");
      expectPage(fs.body, { foods: "object?" }, "fatsecret");
      const [first] = [fs.body.foods.food].flat();
      expectShape(
        first,
        { food_id: "string", food_name: "string", food_description: "string" },
        "fatsecret food",
      );
      const nutrients = await get(
        `/api/foods/fatsecret/nutrients?foodId=${first.food_id}`,
        "fatsecret",
      );
      expectShape(
        nutrients.body.food,
        { food_id: "string", food_name: "string", servings: "object" },
        "fatsecret details",
      );
      const [serving] = [nutrients.body.food.servings.serving].flat();
      expectShape(
        serving,
        {
          serving_id: "string",
          serving_description: "string",
          measurement_description: "string",
          calories: "string",
          protein: "string",
          carbohydrate: "string",
          fat: "string",
        },
        "fatsecret serving",
      );
      const mealie = await get("/api/foods/mealie/search?query=pan&page=1", "mealie");
      expectPage(mealie.body, { items: "array" }, "mealie");
      expectShape(
        mealie.body.items[0],
        {
          name: "string",
          brand: "string|null",
          provider_external_id: "string",
          default_variant: "object",
        },
        "mealie item",
      );
    });

    test("v2 search and details answer the normalized food", async () => {
      const found = await get(
        `/api/v2/foods/search/openfoodfacts?query=nutella&page=1&providerId=${ids.openfoodfacts}&autoScale=true`,
      );
      expect(found.status).toBe(200);
      expectPage(found.body, { foods: "array" }, "v2 search");
      found.body.foods.forEach(expectNormalized);
      const id = found.body.foods[0].provider_external_id;
      const details = await get(
        `/api/v2/foods/details/openfoodfacts/${id}?providerId=${ids.openfoodfacts}`,
      );
      expect(details.status).toBe(200);
      expectNormalized(details.body);
    });

    test("barcodes: v1 looks in the library first, then like v2 at the providers; else not_found", async () => {
      await appCall(ctx, as, "POST", "/api/foods", {
        name: "Oat drink",
        brand: null,
        barcode: "7394376616501",
        is_custom: true,
        default_variant: {
          serving_size: 100,
          serving_unit: "ml",
          calories: 46,
          protein: 1,
          carbs: 7,
          fat: 1.5,
        },
      });
      const v1 = await get("/api/foods/barcode/7394376616501");
      expect(v1.status).toBe(200);
      expect(v1.body.source).toBe("local");
      // A library food: the app's BarcodeFood with an id, as the library answers it.
      expectShape(v1.body.food, FOOD_ITEM, "local food");
      // Not in the library: the barcode providers, as that server's lookup goes on to them.
      const fromProvider = await get("/api/foods/barcode/3017620422003");
      expect(fromProvider.body.source).toBe("openfoodfacts");
      expectNormalized(fromProvider.body.food);
      const v2 = await get(`/api/v2/foods/barcode/3017620422003?providerId=${ids.openfoodfacts}`);
      expect(v2.body.source).toBe("openfoodfacts");
      expectNormalized(v2.body.food);
      const none = await get("/api/v2/foods/barcode/2000000000002");
      expect(none.body).toEqual({ source: "not_found", food: null });
    });
  });
}
