import { underBase } from "./provider-fetch.ts";
import { makeFood, makeVariant, numberOf, scaleValues, type ProviderFood } from "./schemas.ts";
import type { ProviderContext, ProviderDefinition } from "./types.ts";

export const OPEN_FOOD_FACTS_URL = "https://world.openfoodfacts.org";

type Nutriments = Record<string, number | string | undefined>;
export type OffProduct = {
  code?: string;
  product_name?: string;
  brands?: string;
  serving_size?: string;
  serving_quantity?: number | string;
  nutriments?: Nutriments;
  image_url?: string;
  image_front_url?: string;
  allergens_tags?: string[];
};

const FIELDS = [
  "code",
  "product_name",
  "brands",
  "serving_size",
  "serving_quantity",
  "nutriments",
  "image_url",
  "image_front_url",
  "allergens_tags",
].join(",");
// Search answers carry no image fields: images come only from the detail call (rule 8).
const SEARCH_FIELDS = "code,product_name,brands,serving_size,serving_quantity,nutriments";

/** Per-100 g values; OFF gives grams, our columns want mg (and µg for vitamin A). */
function valuesPer100g(n: Nutriments) {
  const g = (key: string, factor = 1) => {
    const value = numberOf(n[`${key}_100g`]);
    return value === undefined ? undefined : value * factor;
  };
  return {
    calories: g("energy-kcal") ?? (g("energy") !== undefined ? g("energy")! / 4.184 : undefined),
    protein: g("proteins"),
    carbs: g("carbohydrates"),
    fat: g("fat"),
    saturated_fat: g("saturated-fat"),
    polyunsaturated_fat: g("polyunsaturated-fat"),
    monounsaturated_fat: g("monounsaturated-fat"),
    trans_fat: g("trans-fat"),
    cholesterol: g("cholesterol", 1000),
    sodium: g("sodium", 1000),
    potassium: g("potassium", 1000),
    dietary_fiber: g("fiber"),
    sugars: g("sugars"),
    vitamin_a: g("vitamin-a", 1_000_000),
    vitamin_c: g("vitamin-c", 1000),
    calcium: g("calcium", 1000),
    iron: g("iron", 1000),
  };
}

/** OFF's front image and its full-size version (the 400 px name with ".full"). */
function imagesOf(product: OffProduct): string[] {
  const front = product.image_front_url || product.image_url;
  if (!front) return [];
  const full = front.replace(/\.\d+\.(jpg|png|webp)$/i, ".full.$1");
  return full === front ? [front] : [front, full];
}

/** The normalized food of an OFF product: per 100 g, plus a serving when OFF knows one. */
export function mapOffProduct(product: OffProduct, withImages: boolean): ProviderFood | null {
  if (!product.code) return null;
  const per100 = valuesPer100g(product.nutriments ?? {});
  const variants = [makeVariant(100, "g", per100)];
  const servingGrams = numberOf(product.serving_quantity);
  if (servingGrams && servingGrams > 0 && servingGrams !== 100) {
    variants.push(
      makeVariant(servingGrams, "g", scaleValues(per100, servingGrams / 100), {
        description: product.serving_size,
      }),
    );
  }
  return makeFood({
    type: "openfoodfacts",
    externalId: product.code,
    name: product.product_name ?? "",
    brand: product.brands?.split(",")[0],
    barcode: product.code,
    images: withImages ? imagesOf(product) : [],
    allergens: (product.allergens_tags ?? []).map((tag) => tag.replace(/^[a-z]{2}:/, "")),
    variants,
  });
}

function createClient({ settings, http }: ProviderContext) {
  const base = settings.baseUrl ?? OPEN_FOOD_FACTS_URL;
  const product = async (code: string) => {
    const body = await http.json<{ status?: number; product?: OffProduct }>(
      underBase(base, `/api/v2/product/${encodeURIComponent(code)}.json`, { fields: FIELDS }),
      { notFoundIsNull: true },
    );
    if (!body || body.status === 0 || !body.product) return null;
    return mapOffProduct({ code, ...body.product }, true);
  };
  return {
    async search(query: string, page: number, pageSize: number) {
      const body = await http.json<{ count?: number; products?: OffProduct[] }>(
        underBase(base, "/cgi/search.pl", {
          search_terms: query,
          search_simple: "1",
          action: "process",
          json: "1",
          page: String(page),
          page_size: String(pageSize),
          fields: SEARCH_FIELDS,
        }),
      );
      const foods = (body?.products ?? []).flatMap((p) => mapOffProduct(p, false) ?? []);
      return { foods, totalCount: numberOf(body?.count) ?? foods.length };
    },
    details: product,
    barcode: product,
  };
}

export const openFoodFacts: ProviderDefinition = {
  type: "openfoodfacts",
  label: "Open Food Facts",
  categories: ["food"],
  supportsBarcode: true,
  images: "yes",
  enrich: true,
  defaultBaseUrl: OPEN_FOOD_FACTS_URL,
  needs: { appId: false, appKey: false },
  create: createClient,
};
