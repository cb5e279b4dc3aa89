import { HttpError } from "../errors.ts";
import { underBase, throwForStatus } from "./provider-fetch.ts";
import { makeFood, makeVariant, numberOf, scaleValues, type ProviderFood } from "./schemas.ts";
import type { ProviderContext, ProviderDefinition } from "./types.ts";

export const YAZIO_URL = "https://yzapi.yazio.com/v15";

type YazioProduct = {
  product_id?: string;
  name: string;
  producer?: string | null;
  is_verified?: boolean;
  base_unit?: string;
  image?: string | null;
  nutrients?: Record<string, number>;
  servings?: { serving: string; amount: number }[];
};

/** Yazio states nutrients per gram (or ml) of the product, energy in kcal, minerals in g. */
export function mapYazioProduct(id: string, product: YazioProduct, withImages: boolean) {
  const n = product.nutrients ?? {};
  const perUnit = {
    calories: n["energy.energy"],
    protein: n["nutrient.protein"],
    carbs: n["nutrient.carb"],
    fat: n["nutrient.fat"],
    saturated_fat: n["nutrient.saturated"],
    sugars: n["nutrient.sugar"],
    dietary_fiber: n["nutrient.dietaryfiber"],
    sodium: numberOf(n["mineral.sodium"]) !== undefined ? n["mineral.sodium"]! * 1000 : undefined,
  };
  const unit = product.base_unit === "ml" ? "ml" : "g";
  const variants = [makeVariant(100, unit, scaleValues(perUnit, 100))];
  for (const serving of product.servings ?? []) {
    if (serving.amount > 0) {
      variants.push(
        makeVariant(serving.amount, unit, scaleValues(perUnit, serving.amount), {
          description: serving.serving,
        }),
      );
    }
  }
  return makeFood({
    type: "yazio",
    externalId: id,
    name: product.name,
    brand: product.producer,
    verified: product.is_verified,
    images: withImages && product.image ? [product.image] : [],
    variants,
  });
}

function createClient({ settings, http, language }: ProviderContext) {
  const base = settings.baseUrl ?? YAZIO_URL;
  // Yazio's API signs in with the account's own email and password (password grant).
  async function token(): Promise<string> {
    const response = await http.send(underBase(base, "/oauth/token"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: String(settings.options.client_id ?? ""),
        client_secret: String(settings.options.client_secret ?? ""),
        username: settings.appId ?? "",
        password: settings.appKey ?? "",
        grant_type: "password",
      }),
    });
    if (response.status === 400)
      throw new HttpError(502, "Yazio rejected the configured credentials.");
    throwForStatus("Yazio", response);
    const body = (await response.json()) as { access_token?: string };
    if (!body.access_token) throw new HttpError(502, "Yazio rejected the configured credentials.");
    return body.access_token;
  }
  const locale = language.length === 2 ? `${language}_${language.toUpperCase()}` : language;
  return {
    async search(query: string, page: number, pageSize: number) {
      const headers = { Authorization: `Bearer ${await token()}` };
      const items = await http.json<YazioProduct[]>(
        underBase(base, "/products/search", { query, sex: "female", locales: locale }),
        { headers },
      );
      const all = (items ?? []).map((p) => mapYazioProduct(p.product_id ?? "", p, false));
      return { foods: all.slice((page - 1) * pageSize, page * pageSize), totalCount: all.length };
    },
    async details(id: string): Promise<ProviderFood | null> {
      const headers = { Authorization: `Bearer ${await token()}` };
      const product = await http.json<YazioProduct>(
        underBase(base, `/products/${encodeURIComponent(id)}`),
        { headers, notFoundIsNull: true },
      );
      return product ? mapYazioProduct(id, product, true) : null;
    },
  };
}

export const yazio: ProviderDefinition = {
  type: "yazio",
  label: "Yazio",
  categories: ["food"],
  supportsBarcode: false,
  images: "unverified",
  enrich: true,
  defaultBaseUrl: YAZIO_URL,
  needs: { appId: true, appKey: true },
  create: createClient,
};
