import type { FakeProvider } from "./food-providers.ts";

/**
 * Mealie and Tandoor (self-hosted, served here under a sub-path as many people run them),
 * Norish, Yazio and the Swiss Food Composition Database as fakes, in their APIs' shapes.
 */

const json = (body: unknown, status = 200) => Response.json(body, { status });
const bearer = (request: Request, token: string) =>
  request.headers.get("authorization") === `Bearer ${token}`;

const pancakes = {
  id: "6f1e0c1e-6b8a-4c43-9a55-3f0f1f0e2a11",
  slug: "pancakes",
  name: "Pancakes",
  description: "Fluffy",
  image: "X7aF",
  recipeYield: "4 servings",
  tags: [],
};

export function mealieHandler(request: Request, url: URL) {
  if (!bearer(request, "mealie-token")) return json({ detail: "Not authenticated" }, 401);
  if (url.pathname === "/mealie/api/recipes") {
    return json({
      page: 1,
      per_page: 50,
      total: 1,
      total_pages: 1,
      items: [pancakes],
      next: null,
      previous: null,
    });
  }
  if (url.pathname === "/mealie/api/recipes/pancakes") {
    return json({
      ...pancakes,
      recipeServings: 4,
      nutrition: {
        calories: "350",
        fatContent: "12",
        proteinContent: "9",
        carbohydrateContent: "48",
        fiberContent: "2",
        sodiumContent: "400",
        sugarContent: "10",
      },
    });
  }
  return json({ detail: { message: "Not found" } }, 404);
}

const lentilSoup = {
  id: 7,
  name: "Lentil soup",
  image: "/media/recipes/lentil.jpg",
  servings: 4,
  servings_text: "bowls",
};

export function tandoorHandler(request: Request, url: URL, fake: FakeProvider) {
  if (!bearer(request, "tandoor-token")) return json({ detail: "Invalid token." }, 401);
  const absolute = {
    id: 8,
    name: "Tomato salad",
    image: `${fake.origin}/elsewhere/tomato.jpg`,
    servings: 2,
    servings_text: "",
  };
  if (url.pathname === "/tandoor/api/recipe/") {
    return json({ count: 2, next: null, previous: null, results: [lentilSoup, absolute] });
  }
  if (url.pathname === "/tandoor/api/recipe/7/") {
    return json({
      ...lentilSoup,
      nutrition: {
        id: 3,
        calories: 320,
        carbohydrates: 45,
        fats: 6,
        proteins: 18,
        source: "manual",
      },
    });
  }
  if (url.pathname === "/tandoor/api/recipe/8/") {
    return json({
      ...absolute,
      nutrition: { id: 4, calories: 90, carbohydrates: 8, fats: 6, proteins: 2, source: "manual" },
    });
  }
  return json({ detail: "Not found." }, 404);
}

const granola = { id: "n1", name: "Granola", image: "uploads/granola.jpg", servings: 6 };

export function norishHandler(request: Request, url: URL) {
  if (!bearer(request, "norish-token")) return json({ error: "Unauthorized" }, 401);
  if (url.pathname === "/api/recipes") return json({ items: [granola], total: 1 });
  if (url.pathname === "/api/recipes/n1") {
    return json({ ...granola, nutrition: { calories: 210, protein: 5, carbs: 30, fat: 8 } });
  }
  return json({ error: "Not found" }, 404);
}

const oatMilk = {
  name: "Oat drink",
  producer: "Oatly",
  is_verified: true,
  base_unit: "ml",
  nutrients: {
    "energy.energy": 0.46,
    "nutrient.carb": 0.066,
    "nutrient.fat": 0.015,
    "nutrient.protein": 0.01,
  },
};

export async function yazioHandler(request: Request, url: URL, fake: FakeProvider) {
  if (url.pathname === "/v15/oauth/token" && request.method === "POST") {
    const body = (await request.json()) as Record<string, string>;
    if (
      body.grant_type !== "password" ||
      body.username !== "me@example.test" ||
      body.password !== "yz-pass"
    ) {
      return json(
        { error: "invalid_grant", error_description: "The user credentials were incorrect." },
        400,
      );
    }
    return json({
      access_token: "yz-token",
      expires_in: 172800,
      refresh_token: "r",
      token_type: "bearer",
    });
  }
  if (!bearer(request, "yz-token")) return json({ error: "unauthorized" }, 401);
  if (url.pathname === "/v15/products/search") {
    return json([
      {
        score: 9.1,
        name: oatMilk.name,
        product_id: "yz-oat",
        serving: "glass",
        serving_quantity: 1,
        amount: 250,
        base_unit: "ml",
        producer: "Oatly",
        is_verified: true,
        nutrients: oatMilk.nutrients,
        countries: ["DE"],
        language: url.searchParams.get("locales"),
      },
    ]);
  }
  if (url.pathname === "/v15/products/yz-oat") {
    return json({
      ...oatMilk,
      is_private: false,
      nutrients: { ...oatMilk.nutrients, "nutrient.sugar": 0.04, "mineral.sodium": 0.0004 },
      servings: [{ serving: "glass", amount: 250 }],
      category: "drinks",
      image: `${fake.origin}/images/oat.jpg`,
    });
  }
  return json({ error: "not found" }, 404);
}

const APPLE_NAMES: Record<string, string> = {
  en: "Apple, fresh",
  de: "Apfel, frisch",
  fr: "Pomme, fraîche",
  it: "Mela, fresca",
};

export function swissHandler(_request: Request, url: URL) {
  const lang = url.searchParams.get("lang") ?? "en";
  const name = APPLE_NAMES[lang] ?? APPLE_NAMES.en!;
  if (url.pathname === "/BLV-api/foods") {
    return json([{ id: 351915, foodName: name, generic: true }]);
  }
  if (url.pathname === "/BLV-api/food/351915") {
    const value = (code: string, unit: string, v: number, id: number) => ({
      id,
      value: v,
      rawValue: v,
      component: { name: code, code },
      unit: { name: unit, code: unit },
    });
    return json({
      id: 351915,
      name,
      values: [
        value("ENERCC", "kcal", 52, 1),
        value("PROT625", "g", 0.3, 2),
        value("CHO", "g", 11.4, 3),
        value("FAT", "g", 0.2, 4),
        value("SUGAR", "g", 10.3, 5),
        value("FIBT", "g", 2.4, 6),
        value("CA", "mg", 5.3, 7),
        value("NA", "mg", 1, 8),
      ],
    });
  }
  return json({ message: "Not found" }, 404);
}
