import { underBase } from "./provider-fetch.ts";
import { makeFood, makeVariant, scaleValues, type ProviderFood } from "./schemas.ts";
import type { ProviderContext, ProviderDefinition } from "./types.ts";

export const USDA_URL = "https://api.nal.usda.gov/fdc";

/** FoodData Central nutrient ids of our columns (units match: g, mg, µg RAE, kcal). */
const NUTRIENT_IDS = {
  calories: 1008,
  protein: 1003,
  fat: 1004,
  carbs: 1005,
  sugars: 2000,
  dietary_fiber: 1079,
  sodium: 1093,
  saturated_fat: 1258,
  trans_fat: 1257,
  monounsaturated_fat: 1292,
  polyunsaturated_fat: 1293,
  cholesterol: 1253,
  potassium: 1092,
  calcium: 1087,
  iron: 1089,
  vitamin_a: 1106,
  vitamin_c: 1162,
} as const;

// Search items list {nutrientId, value}; a food's details list {nutrient: {id}, amount}.
type SearchNutrient = { nutrientId?: number; value?: number };
type DetailNutrient = { nutrient?: { id?: number }; amount?: number };
export type UsdaFood = {
  fdcId: number;
  description?: string;
  dataType?: string;
  gtinUpc?: string;
  brandOwner?: string;
  brandName?: string;
  servingSize?: number;
  servingSizeUnit?: string;
  householdServingFullText?: string;
  foodNutrients?: (SearchNutrient & DetailNutrient)[];
};

function valuesOf(food: UsdaFood) {
  const byId = new Map<number, number>();
  for (const n of food.foodNutrients ?? []) {
    const id = n.nutrientId ?? n.nutrient?.id;
    const value = n.value ?? n.amount;
    if (id !== undefined && typeof value === "number") byId.set(id, value);
  }
  return Object.fromEntries(
    Object.entries(NUTRIENT_IDS).map(([key, id]) => [key, byId.get(id)]),
  ) as Record<keyof typeof NUTRIENT_IDS, number | undefined>;
}

/** Values per 100 g (FDC's basis), plus the label serving of branded foods. USDA has no images. */
export function mapUsdaFood(food: UsdaFood): ProviderFood {
  const per100 = valuesOf(food);
  const variants = [makeVariant(100, "g", per100)];
  const unit = food.servingSizeUnit?.toLowerCase();
  if (food.servingSize && (unit === "g" || unit === "ml" || unit === "grm" || unit === "mlt")) {
    const grams = food.servingSize;
    variants.push(
      makeVariant(grams, unit.startsWith("m") ? "ml" : "g", scaleValues(per100, grams / 100), {
        description: food.householdServingFullText,
        isDefault: true,
      }),
    );
  }
  return makeFood({
    type: "usda",
    externalId: String(food.fdcId),
    name: food.description ?? "",
    brand: food.brandName ?? food.brandOwner,
    barcode: food.gtinUpc,
    verified: true,
    variants,
  });
}

const sameGtin = (a: string | undefined, b: string) =>
  a !== undefined && a.replace(/^0+/, "") === b.replace(/^0+/, "");

function createClient({ settings, http }: ProviderContext) {
  const base = settings.baseUrl ?? USDA_URL;
  const key = { api_key: settings.appKey ?? "" };
  const search = (query: Record<string, string>) =>
    http.json<{ totalHits?: number; foods?: UsdaFood[] }>(
      underBase(base, "/v1/foods/search", { ...key, ...query }),
    );
  const details = async (id: string) => {
    if (!/^\d+$/.test(id)) return null;
    const food = await http.json<UsdaFood>(underBase(base, `/v1/food/${id}`, key), {
      notFoundIsNull: true,
    });
    return food ? mapUsdaFood(food) : null;
  };
  return {
    async search(query: string, page: number, pageSize: number) {
      const body = await search({
        query,
        pageNumber: String(page),
        pageSize: String(pageSize),
      });
      const foods = (body?.foods ?? []).map(mapUsdaFood);
      return { foods, totalCount: body?.totalHits ?? foods.length };
    },
    details,
    // Barcodes are on branded foods only: search those by GTIN, then read the match.
    async barcode(code: string) {
      const body = await search({ query: code, dataType: "Branded", pageSize: "5" });
      const match = body?.foods?.find((f) => sameGtin(f.gtinUpc, code));
      return match ? details(String(match.fdcId)) : null;
    },
  };
}

export const usda: ProviderDefinition = {
  type: "usda",
  label: "USDA FoodData Central",
  categories: ["food"],
  supportsBarcode: true,
  images: "none",
  enrich: false,
  defaultBaseUrl: USDA_URL,
  needs: { appId: false, appKey: true },
  create: createClient,
};
