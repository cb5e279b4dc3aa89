import { underBase } from "./provider-fetch.ts";
import { makeFood, makeVariant } from "./schemas.ts";
import type { ProviderContext, ProviderDefinition } from "./types.ts";

export const SWISS_FOOD_URL =
  "https://api.webapp.prod.blv.foodcase-services.com/BLV_WebApp_WS/webresources/BLV-api";

// The database speaks these four languages; anything else reads in English.
const LANGUAGES = new Set(["de", "fr", "it", "en"]);

type SwissValue = { value?: number; component?: { code?: string }; unit?: { code?: string } };
type SwissFood = { id: number | string; name?: string; foodName?: string; values?: SwissValue[] };

// Component codes of the Swiss Food Composition Database for our columns (per 100 g).
const CODES: Record<string, string> = {
  ENERCC: "calories",
  PROT625: "protein",
  CHO: "carbs",
  FAT: "fat",
  FASAT: "saturated_fat",
  FAMS: "monounsaturated_fat",
  FAPU: "polyunsaturated_fat",
  CHORL: "cholesterol",
  NA: "sodium",
  K: "potassium",
  FIBT: "dietary_fiber",
  SUGAR: "sugars",
  VITA: "vitamin_a",
  VITC: "vitamin_c",
  CA: "calcium",
  FE: "iron",
};

/** A Swiss food per 100 g. The database has no images. */
export function mapSwissFood(food: SwissFood) {
  const values: Record<string, number> = {};
  for (const v of food.values ?? []) {
    const column = CODES[v.component?.code ?? ""];
    if (column && typeof v.value === "number") values[column] = v.value;
  }
  return makeFood({
    type: "swissfood",
    externalId: String(food.id),
    name: food.name ?? food.foodName ?? "",
    verified: true,
    variants: [makeVariant(100, "g", values)],
  });
}

function createClient({ settings, http, language }: ProviderContext) {
  const base = settings.baseUrl ?? SWISS_FOOD_URL;
  const lang = LANGUAGES.has(language) ? language : "en";
  return {
    async search(query: string, page: number, pageSize: number) {
      const items = await http.json<SwissFood[]>(
        underBase(base, "/foods", { search: query, lang, limit: String(page * pageSize) }),
      );
      // Search answers names only; nutrients come with the details.
      const all = (items ?? []).map(mapSwissFood);
      return { foods: all.slice((page - 1) * pageSize), totalCount: all.length };
    },
    async details(id: string) {
      if (!/^\d+$/.test(id)) return null;
      const food = await http.json<SwissFood>(underBase(base, `/food/${id}`, { lang }), {
        notFoundIsNull: true,
      });
      return food ? mapSwissFood(food) : null;
    },
  };
}

export const swissFood: ProviderDefinition = {
  type: "swissfood",
  label: "Swiss Food Composition Database",
  categories: ["food"],
  supportsBarcode: false,
  images: "none",
  enrich: true,
  defaultBaseUrl: SWISS_FOOD_URL,
  needs: { appId: false, appKey: false },
  create: createClient,
};
