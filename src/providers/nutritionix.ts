import { createNutritionixExercises } from "./nutritionix-exercises.ts";
import { underBase } from "./provider-fetch.ts";
import { makeFood, makeVariant, type ProviderFood } from "./schemas.ts";
import type {
  ExerciseProviderDefinition,
  ProviderContext,
  ProviderDefinition,
  ProviderSettings,
} from "./types.ts";

export const NUTRITIONIX_URL = "https://trackapi.nutritionix.com";

type NixFood = {
  food_name: string;
  brand_name?: string | null;
  nix_item_id?: string | null;
  tag_id?: string | null;
  serving_qty?: number;
  serving_unit?: string;
  serving_weight_grams?: number | null;
  nf_calories?: number | null;
  nf_total_fat?: number | null;
  nf_saturated_fat?: number | null;
  nf_cholesterol?: number | null;
  nf_sodium?: number | null;
  nf_total_carbohydrate?: number | null;
  nf_dietary_fiber?: number | null;
  nf_sugars?: number | null;
  nf_protein?: number | null;
  nf_potassium?: number | null;
  photo?: { thumb?: string | null; highres?: string | null };
};

// Ids carry the kind: branded items are read by nix_item_id, common foods by name.
const BRANDED = "branded:";
const COMMON = "common:";

/** One serving as Nutritionix states it. Images are expected but unverified. */
export function mapNixFood(food: NixFood, withImages: boolean): ProviderFood {
  const values = {
    calories: food.nf_calories,
    fat: food.nf_total_fat,
    saturated_fat: food.nf_saturated_fat,
    cholesterol: food.nf_cholesterol,
    sodium: food.nf_sodium,
    carbs: food.nf_total_carbohydrate,
    dietary_fiber: food.nf_dietary_fiber,
    sugars: food.nf_sugars,
    protein: food.nf_protein,
    potassium: food.nf_potassium,
  };
  const qty = food.serving_qty && food.serving_qty > 0 ? food.serving_qty : 1;
  const description = `${qty} ${food.serving_unit ?? "serving"}`;
  const variant = food.serving_weight_grams
    ? makeVariant(food.serving_weight_grams, "g", values, { description })
    : makeVariant(qty, food.serving_unit ?? "serving", values, { description });
  const photo = food.photo ?? {};
  return makeFood({
    type: "nutritionix",
    externalId: food.nix_item_id ? BRANDED + food.nix_item_id : COMMON + food.food_name,
    name: food.food_name,
    brand: food.brand_name,
    images: withImages ? [photo.thumb ?? "", photo.highres ?? ""] : [],
    variants: [variant],
  });
}

/** Where a row's requests go and the credentials they carry. */
function connection(settings: ProviderSettings) {
  return {
    base: settings.baseUrl ?? NUTRITIONIX_URL,
    headers: { "x-app-id": settings.appId ?? "", "x-app-key": settings.appKey ?? "" },
  };
}

function createClient({ settings, http }: ProviderContext) {
  const { base, headers } = connection(settings);
  const item = async (query: Record<string, string>) => {
    const body = await http.json<{ foods?: NixFood[] }>(underBase(base, "/v2/search/item", query), {
      headers,
      notFoundIsNull: true,
    });
    const food = body?.foods?.[0];
    return food ? mapNixFood(food, true) : null;
  };
  return {
    async search(query: string, page: number, pageSize: number) {
      const body = await http.json<{ common?: NixFood[]; branded?: NixFood[] }>(
        underBase(base, "/v2/search/instant", { query }),
        { headers },
      );
      // The instant search has no pages: it answers its best matches at once.
      const all = [...(body?.branded ?? []), ...(body?.common ?? [])].map((f) =>
        mapNixFood(f, false),
      );
      return { foods: all.slice((page - 1) * pageSize, page * pageSize), totalCount: all.length };
    },
    async details(id: string) {
      if (id.startsWith(BRANDED)) return item({ nix_item_id: id.slice(BRANDED.length) });
      const name = id.startsWith(COMMON) ? id.slice(COMMON.length) : id;
      const body = await http.json<{ foods?: NixFood[] }>(
        underBase(base, "/v2/natural/nutrients"),
        { method: "POST", headers, json: { query: name }, notFoundIsNull: true },
      );
      const food = body?.foods?.[0];
      return food ? mapNixFood(food, true) : null;
    },
    barcode: (code: string) => item({ upc: code }),
  };
}

/** Foods, and exercises through its natural-language exercise endpoint. */
export const nutritionix: ProviderDefinition & ExerciseProviderDefinition = {
  type: "nutritionix",
  label: "Nutritionix",
  categories: ["food", "exercise"],
  supportsBarcode: true,
  images: "unverified",
  enrich: true,
  defaultBaseUrl: NUTRITIONIX_URL,
  needs: { appId: true, appKey: true },
  create: createClient,
  createExercises: ({ settings, http }) => {
    const { base, headers } = connection(settings);
    return createNutritionixExercises(http, base, headers);
  },
};
