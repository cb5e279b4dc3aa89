import type { FakeProvider } from "./food-providers.ts";

/**
 * Open Food Facts, USDA FoodData Central, FatSecret and Nutritionix as fakes, answering in
 * the shapes of their public API documentation (fields we do not read are partly kept so
 * the shapes stay recognisable).
 */
export type FakeState = {
  fail: null | 401 | 403 | 429 | 500 | "slow";
  /** FatSecret: whether the premier scope is granted to the client. */
  premierAllowed: boolean;
  /** FatSecret: whether the account has the images add-on. */
  imagesAddon: boolean;
  /** FatSecret: the scopes tokens were asked for, in order. */
  tokenScopes: string[];
  /** FatSecret: the next API call answers "invalid token" (as after a revocation). */
  revokeOnce?: boolean;
  /** Open Food Facts writes: how the product-data write answers. */
  productWrite?: "ok" | "error" | "slow";
  /** Open Food Facts writes: how the photo upload answers. */
  photoUpload?: "ok" | "error";
  /** Open Food Facts writes received: photo uploads and product-data writes. */
  uploads: FormData[];
  writes: FormData[];
};

const json = (body: unknown, status = 200) => Response.json(body, { status });

// ---- Open Food Facts -------------------------------------------------------------------

function offProducts(origin: string) {
  const nutella = {
    code: "3017620422003",
    product_name: "Nutella",
    brands: "Ferrero,Nutella",
    serving_size: "15 g",
    serving_quantity: 15,
    nutriments: {
      "energy-kcal_100g": 539,
      proteins_100g: 6.3,
      carbohydrates_100g: 57.5,
      fat_100g: 30.9,
      "saturated-fat_100g": 10.6,
      sugars_100g: 56.3,
      sodium_100g: 0.0428,
      salt_100g: 0.107,
      fiber_100g: 0,
    },
    image_url: `${origin}/images/products/301/762/042/2003/front_en.400.jpg`,
    image_front_url: `${origin}/images/products/301/762/042/2003/front_en.400.jpg`,
    allergens_tags: ["en:milk", "en:nuts", "en:soybeans"],
  };
  const spreads = Array.from({ length: 7 }, (_, i) => ({
    code: `400000000000${i}`,
    product_name: `Chocolate spread ${i + 1}`,
    brands: "Spready",
    nutriments: {
      "energy-kcal_100g": 500 + i,
      proteins_100g: 5,
      carbohydrates_100g: 60,
      fat_100g: 28,
    },
    image_url: `${origin}/images/products/400/000/000/000${i}/front_fr.400.jpg`,
    image_front_url: `${origin}/images/products/400/000/000/000${i}/front_fr.400.jpg`,
    allergens_tags: [],
  }));
  return [nutella, ...spreads];
}

const pick = (product: Record<string, unknown>, fields: string | null) =>
  fields
    ? Object.fromEntries(fields.split(",").flatMap((f) => (f in product ? [[f, product[f]]] : [])))
    : product;

export async function offHandler(request: Request, url: URL, fake: FakeProvider) {
  const products = offProducts(fake.origin);
  if (url.pathname === "/cgi/search.pl") {
    const terms = (url.searchParams.get("search_terms") ?? "").toLowerCase();
    const size = Number(url.searchParams.get("page_size") ?? 24);
    const page = Number(url.searchParams.get("page") ?? 1);
    const found = products.filter(
      (p) => p.product_name.toLowerCase().includes(terms) || terms.includes("choco"),
    );
    return json({
      count: found.length,
      page,
      page_count: Math.min(size, found.length),
      page_size: size,
      products: found
        .slice((page - 1) * size, page * size)
        .map((p) => pick(p, url.searchParams.get("fields"))),
      skip: (page - 1) * size,
    });
  }
  const product = url.pathname.match(/^\/api\/v2\/product\/(\d+)\.json$/);
  if (product) {
    const found = products.find((p) => p.code === product[1]);
    if (!found)
      return json({ code: product[1], status: 0, status_verbose: "product not found" }, 404);
    const { code, ...rest } = found;
    return json({
      code,
      product: pick(rest, url.searchParams.get("fields")),
      status: 1,
      status_verbose: "product found",
    });
  }
  if (url.pathname === "/cgi/product_image_upload.pl" && request.method === "POST") {
    const form = await request.formData();
    fake.state.uploads.push(form);
    if (fake.state.photoUpload === "error")
      return json({ status: "status not ok", error: "bad image" });
    const field = String(form.get("imagefield"));
    return json({
      status: "status ok",
      imagefield: field,
      image: { imgid: 1 },
      code: form.get("code"),
    });
  }
  if (url.pathname === "/cgi/product_jqm2.pl" && request.method === "POST") {
    const form = await request.formData();
    fake.state.writes.push(form);
    if (fake.state.productWrite === "slow") return new Promise<Response>(() => {});
    if (fake.state.productWrite === "error")
      return json({ status: 0, status_verbose: "internal error" }, 500);
    return json({ status: 1, status_verbose: "fields saved" });
  }
  return json({ error: "not found" }, 404);
}

// ---- USDA FoodData Central -------------------------------------------------------------

const USDA_KEY = "usda-key";
const usdaFoods = [
  {
    fdcId: 171688,
    description: "Apples, raw, with skin",
    dataType: "SR Legacy",
    nutrients: {
      1008: 52,
      1003: 0.26,
      1004: 0.17,
      1005: 13.8,
      2000: 10.4,
      1079: 2.4,
      1093: 1,
      1162: 4.6,
    },
  },
  {
    fdcId: 2345678,
    description: "PEANUT BUTTER",
    dataType: "Branded",
    gtinUpc: "051500255162",
    brandOwner: "The J.M. Smucker Company",
    servingSize: 32,
    servingSizeUnit: "g",
    householdServingFullText: "2 Tbsp",
    nutrients: { 1008: 594, 1003: 21.9, 1004: 50, 1005: 21.9, 2000: 9.38, 1093: 469, 1258: 9.38 },
  },
];
const NAMES: Record<number, [string, string]> = {
  1008: ["Energy", "KCAL"],
  1003: ["Protein", "G"],
  1004: ["Total lipid (fat)", "G"],
  1005: ["Carbohydrate, by difference", "G"],
  2000: ["Total Sugars", "G"],
  1079: ["Fiber, total dietary", "G"],
  1093: ["Sodium, Na", "MG"],
  1162: ["Vitamin C, total ascorbic acid", "MG"],
  1258: ["Fatty acids, total saturated", "G"],
};

export function usdaHandler(_request: Request, url: URL) {
  if (url.searchParams.get("api_key") !== USDA_KEY) {
    return json(
      { error: { code: "API_KEY_INVALID", message: "An invalid api_key was supplied." } },
      403,
    );
  }
  const strip = ({ nutrients: _, ...food }: (typeof usdaFoods)[number]) => food;
  if (url.pathname === "/fdc/v1/foods/search") {
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    const type = url.searchParams.get("dataType");
    const found = usdaFoods.filter(
      (f) =>
        (f.description.toLowerCase().includes(query) || f.gtinUpc === query) &&
        (!type || f.dataType === type),
    );
    return json({
      totalHits: found.length,
      currentPage: Number(url.searchParams.get("pageNumber") ?? 1),
      totalPages: 1,
      foodSearchCriteria: { query },
      foods: found.map((f) => ({
        ...strip(f),
        foodNutrients: Object.entries(f.nutrients).map(([id, value]) => ({
          nutrientId: Number(id),
          nutrientName: NAMES[Number(id)]![0],
          unitName: NAMES[Number(id)]![1],
          value,
        })),
      })),
    });
  }
  const one = url.pathname.match(/^\/fdc\/v1\/food\/(\d+)$/);
  const food = one && usdaFoods.find((f) => f.fdcId === Number(one[1]));
  if (!food) return json({ error: "Not Found" }, 404);
  return json({
    ...strip(food),
    foodNutrients: Object.entries(food.nutrients).map(([id, amount], i) => ({
      type: "FoodNutrient",
      id: 1000 + i,
      nutrient: {
        id: Number(id),
        number: id,
        name: NAMES[Number(id)]![0],
        unitName: NAMES[Number(id)]![1].toLowerCase(),
      },
      amount,
    })),
  });
}

// ---- FatSecret -------------------------------------------------------------------------

// Any client id is known; the secret must be "fs-secret".
const knownClient = (header: string | null) =>
  header?.startsWith("Basic ") &&
  Buffer.from(header.slice(6), "base64").toString().endsWith(":fs-secret");
const fatSecretFood = (origin: string, withImages: boolean) => ({
  food_id: "33691",
  food_name: "Banana",
  food_type: "Generic",
  food_url: "https://www.fatsecret.com/calories-nutrition/usda/banana",
  ...(withImages
    ? {
        food_images: {
          food_image: [{ image_url: `${origin}/images/banana.jpg`, image_type: "0" }],
        },
      }
    : {}),
  servings: {
    serving: [
      {
        serving_id: "1",
        serving_description: "1 medium",
        measurement_description: "medium",
        metric_serving_amount: "118.000",
        metric_serving_unit: "g",
        number_of_units: "1.000",
        calories: "105",
        carbohydrate: "26.95",
        protein: "1.29",
        fat: "0.39",
        saturated_fat: "0.132",
        sodium: "1",
        potassium: "422",
        fiber: "3.1",
        sugar: "14.43",
        is_default: "1",
      },
      {
        serving_id: "2",
        serving_description: "100 g",
        measurement_description: "g",
        metric_serving_amount: "100.000",
        metric_serving_unit: "g",
        number_of_units: "100.000",
        calories: "89",
        carbohydrate: "22.84",
        protein: "1.09",
        fat: "0.33",
        fiber: "2.6",
        sugar: "12.23",
      },
    ],
  },
});

export async function fatSecretHandler(request: Request, url: URL, fake: FakeProvider) {
  if (url.pathname === "/connect/token") {
    const form = new URLSearchParams(await request.text());
    const scope = form.get("scope") ?? "basic";
    fake.state.tokenScopes.push(scope);
    if (!knownClient(request.headers.get("authorization"))) {
      return json({ error: "invalid_client" }, 401);
    }
    if (scope === "premier" && !fake.state.premierAllowed)
      return json({ error: "invalid_scope" }, 400);
    return json({ access_token: `${scope}-token`, expires_in: 86400, token_type: "Bearer", scope });
  }
  const auth = request.headers.get("authorization");
  if (fake.state.revokeOnce) {
    fake.state.revokeOnce = false;
    return json({ error: { code: 13, message: "Invalid token" } });
  }
  const premier = auth === "Bearer premier-token";
  if (!premier && auth !== "Bearer basic-token")
    return json({ error: { code: 13, message: "Invalid token" } });
  if (url.pathname === "/rest/foods/search/v1") {
    return json({
      foods: {
        food: [
          {
            food_id: "33691",
            food_name: "Banana",
            food_type: "Generic",
            food_description:
              "Per 100g - Calories: 89kcal | Fat: 0.33g | Carbs: 22.84g | Protein: 1.09g",
          },
        ],
        max_results: url.searchParams.get("max_results"),
        page_number: url.searchParams.get("page_number"),
        total_results: "1",
      },
    });
  }
  if (url.pathname === "/rest/food/v4") {
    if (url.searchParams.get("food_id") !== "33691")
      return json({ error: { code: 106, message: "Invalid ID" } });
    // Rule 9: images only with premier, the request flag, and the images add-on.
    const images =
      premier && url.searchParams.get("include_food_images") === "true" && fake.state.imagesAddon;
    return json({ food: fatSecretFood(fake.origin, images) });
  }
  if (url.pathname === "/rest/food/barcode/find-by-id/v1") {
    if (!premier) return json({ error: { code: 14, message: "Missing scope: premier" } });
    const found = url.searchParams.get("barcode") === "0000000033691";
    return json({ food_id: { value: found ? "33691" : "0" } });
  }
  return json({ error: { code: 3, message: "Unknown method" } });
}

// ---- Nutritionix -----------------------------------------------------------------------

const nixBranded = (origin: string) => ({
  food_name: "Greek Yogurt, Plain",
  brand_name: "Fage",
  nix_item_id: "nix-fage-1",
  nix_brand_id: "fage",
  serving_qty: 1,
  serving_unit: "container",
  serving_weight_grams: 170,
  nf_calories: 100,
  nf_total_fat: 0,
  nf_total_carbohydrate: 6,
  nf_protein: 18,
  nf_sodium: 65,
  nf_sugars: 6,
  photo: { thumb: `${origin}/images/fage_thumb.jpg`, highres: `${origin}/images/fage_highres.jpg` },
});

export async function nutritionixHandler(request: Request, url: URL, fake: FakeProvider) {
  if (
    request.headers.get("x-app-id") !== "nix-id" ||
    request.headers.get("x-app-key") !== "nix-key"
  ) {
    return json({ message: "unauthorized" }, 401);
  }
  const branded = nixBranded(fake.origin);
  if (url.pathname === "/v2/search/instant") {
    return json({
      common: [
        {
          food_name: "apple",
          serving_unit: 'medium (3" dia)',
          tag_name: "apple",
          serving_qty: 1,
          tag_id: "384",
          photo: { thumb: `${fake.origin}/images/384_thumb.jpg` },
          locale: "en_US",
        },
      ],
      branded: [
        {
          food_name: branded.food_name,
          serving_unit: "container",
          nix_brand_id: "fage",
          brand_name_item_name: "Fage Greek Yogurt, Plain",
          serving_qty: 1,
          nf_calories: 100,
          photo: { thumb: branded.photo.thumb },
          brand_name: "Fage",
          region: 1,
          brand_type: 2,
          nix_item_id: "nix-fage-1",
          locale: "en_US",
        },
      ],
    });
  }
  if (url.pathname === "/v2/natural/nutrients" && request.method === "POST") {
    const { query } = (await request.json()) as { query: string };
    if (query !== "apple") return json({ message: "We couldn't match any of your foods" }, 404);
    return json({
      foods: [
        {
          food_name: "apple",
          brand_name: null,
          serving_qty: 1,
          serving_unit: 'medium (3" dia)',
          serving_weight_grams: 182,
          nf_calories: 94.64,
          nf_total_fat: 0.31,
          nf_total_carbohydrate: 25.13,
          nf_dietary_fiber: 4.37,
          nf_sugars: 18.91,
          nf_protein: 0.47,
          nf_potassium: 194.74,
          photo: {
            thumb: `${fake.origin}/images/384_thumb.jpg`,
            highres: `${fake.origin}/images/384_highres.jpg`,
            is_user_uploaded: false,
          },
        },
      ],
    });
  }
  if (url.pathname === "/v2/search/item") {
    const ok =
      url.searchParams.get("nix_item_id") === "nix-fage-1" ||
      url.searchParams.get("upc") === "0689544001737";
    return ok ? json({ foods: [branded] }) : json({ message: "resource not found" }, 404);
  }
  return json({ message: "not found" }, 404);
}
