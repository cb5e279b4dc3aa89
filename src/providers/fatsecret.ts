import { HttpError } from "../errors.ts";
import { dropFatSecretToken, fatSecretToken, FATSECRET_TOKEN_URL } from "./fatsecret-token.ts";
import { underBase } from "./provider-fetch.ts";
import { makeFood, makeVariant, numberOf, type ProviderFood } from "./schemas.ts";
import type { ProviderContext, ProviderDefinition } from "./types.ts";

export const FATSECRET_URL = "https://platform.fatsecret.com/rest";

type Serving = Record<string, string | undefined>;
type FatSecretFood = {
  food_id: string;
  food_name: string;
  brand_name?: string;
  food_description?: string;
  food_images?: { food_image?: { image_url: string }[] | { image_url: string } };
  servings?: { serving?: Serving | Serving[] };
};
// FatSecret answers most failures with HTTP 200 and {error: {code, message}}.
type FatSecretError = { error?: { code?: number; message?: string } };

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function servingVariant(s: Serving) {
  const n = (key: string) => numberOf(s[key]);
  const amount = n("metric_serving_amount");
  const unit = s.metric_serving_unit;
  const values = {
    calories: n("calories"),
    protein: n("protein"),
    carbs: n("carbohydrate"),
    fat: n("fat"),
    saturated_fat: n("saturated_fat"),
    polyunsaturated_fat: n("polyunsaturated_fat"),
    monounsaturated_fat: n("monounsaturated_fat"),
    trans_fat: n("trans_fat"),
    cholesterol: n("cholesterol"),
    sodium: n("sodium"),
    potassium: n("potassium"),
    dietary_fiber: n("fiber"),
    sugars: n("sugar"),
    vitamin_a: n("vitamin_a"),
    vitamin_c: n("vitamin_c"),
    calcium: n("calcium"),
    iron: n("iron"),
  };
  const description = s.serving_description;
  return amount && unit
    ? makeVariant(amount, unit, values, { description, isDefault: s.is_default === "1" })
    : makeVariant(1, "serving", values, { description, isDefault: s.is_default === "1" });
}

/** "Per 100g - Calories: 52kcal | Fat: 0.17g | Carbs: 13.81g | Protein: 0.26g" */
function descriptionVariant(description = "") {
  const find = (label: string) =>
    numberOf(description.match(new RegExp(`${label}:\\s*([\\d.]+)`))?.[1]);
  const per = description.match(/Per\s+([\d.]+)\s*([a-zA-Z]+)/);
  const size = numberOf(per?.[1]) ?? 1;
  return makeVariant(size, per?.[2] ?? "serving", {
    calories: find("Calories"),
    fat: find("Fat"),
    carbs: find("Carbs"),
    protein: find("Protein"),
  });
}

export function mapFatSecretFood(food: FatSecretFood, withImages: boolean): ProviderFood {
  const servings = list(food.servings?.serving);
  const images = withImages ? list(food.food_images?.food_image).map((i) => i.image_url) : [];
  return makeFood({
    type: "fatsecret",
    externalId: String(food.food_id),
    name: food.food_name,
    brand: food.brand_name,
    images,
    variants: servings.length
      ? servings.map(servingVariant)
      : [descriptionVariant(food.food_description)],
  });
}

function createClient({ settings, http, scopeFailures }: ProviderContext) {
  const base = settings.baseUrl ?? FATSECRET_URL;
  const tokenUrl = String(settings.options.token_url ?? FATSECRET_TOKEN_URL);
  const credentials = {
    clientId: settings.appId ?? "",
    clientSecret: settings.appKey ?? "",
    tokenUrl,
  };
  // Rule 9: images only when premier was granted, the request asks for them, and the
  // account has the images add-on (the user says so in the options; FatSecret decides).
  async function call<T>(path: string, query: Record<string, string>, images = false) {
    const token = await fatSecretToken(http, scopeFailures, credentials);
    const askImages = images && token.premier && settings.options.images_addon === true;
    const params = {
      ...query,
      format: "json",
      ...(askImages ? { include_food_images: "true" } : {}),
    };
    const body = await http.json<T & FatSecretError>(underBase(base, path, params), {
      headers: { Authorization: `Bearer ${token.accessToken}` },
    });
    const code = body?.error?.code;
    if (code === 13 || code === 2 || code === 21) {
      dropFatSecretToken(credentials.clientId, tokenUrl);
      throw new HttpError(502, "FatSecret rejected the configured credentials.");
    }
    if (code === 14 || code === 12) {
      throw new HttpError(
        502,
        "FatSecret refused the request: the account lacks the scope it needs.",
      );
    }
    if (code !== undefined) return null;
    return { body: body as T, images: askImages };
  }
  const details = async (id: string) => {
    const result = await call<{ food?: FatSecretFood }>("/food/v4", { food_id: id }, true);
    return result?.body.food ? mapFatSecretFood(result.body.food, result.images) : null;
  };
  return {
    async search(query: string, page: number, pageSize: number) {
      const result = await call<{
        foods?: { food?: FatSecretFood | FatSecretFood[]; total_results?: string };
      }>("/foods/search/v1", {
        search_expression: query,
        page_number: String(page - 1),
        max_results: String(pageSize),
      });
      const foods = list(result?.body.foods?.food).map((f) => mapFatSecretFood(f, false));
      return { foods, totalCount: numberOf(result?.body.foods?.total_results) ?? foods.length };
    },
    details,
    async barcode(code: string) {
      const gtin13 = code.padStart(13, "0");
      const result = await call<{ food_id?: { value?: string } }>("/food/barcode/find-by-id/v1", {
        barcode: gtin13,
      });
      const id = result?.body.food_id?.value;
      return id && id !== "0" ? details(id) : null;
    },
  };
}

export const fatSecret: ProviderDefinition = {
  type: "fatsecret",
  label: "FatSecret",
  categories: ["food"],
  supportsBarcode: true,
  images: "conditional",
  enrich: true,
  defaultBaseUrl: FATSECRET_URL,
  needs: { appId: true, appKey: true },
  create: createClient,
};
