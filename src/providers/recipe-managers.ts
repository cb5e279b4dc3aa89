import { HttpError } from "../errors.ts";
import { resolveMediaUrl, underBase } from "./provider-fetch.ts";
import { makeFood, makeVariant, numberOf, type ProviderFood } from "./schemas.ts";
import type { ProviderContext, ProviderDefinition, ProviderType } from "./types.ts";

/**
 * Self-hosted recipe managers (Mealie, Tandoor) and the Norish recipe app: a recipe is a
 * food of one serving with per-serving nutrients. Their media paths are often relative;
 * they are resolved against the configured base URL, sub-path kept, before any download.
 */

type Recipe = {
  type: ProviderType;
  id: string;
  name: string;
  image: string | null;
  servingsText?: string;
  nutrients: Record<string, unknown>;
};

// Per-serving nutrient keys each app uses for our columns.
const MEALIE_KEYS = {
  calories: "calories",
  protein: "proteinContent",
  carbs: "carbohydrateContent",
  fat: "fatContent",
  saturated_fat: "saturatedFatContent",
  trans_fat: "transFatContent",
  cholesterol: "cholesterolContent",
  sodium: "sodiumContent",
  dietary_fiber: "fiberContent",
  sugars: "sugarContent",
};
const TANDOOR_KEYS = {
  calories: "calories",
  protein: "proteins",
  carbs: "carbohydrates",
  fat: "fats",
};
const NORISH_KEYS = { calories: "calories", protein: "protein", carbs: "carbs", fat: "fat" };

function recipeFood(recipe: Recipe, keys: Record<string, string>, withImages: boolean) {
  const values = Object.fromEntries(
    Object.entries(keys).map(([column, key]) => [column, numberOf(recipe.nutrients[key])]),
  );
  return makeFood({
    type: recipe.type,
    externalId: recipe.id,
    name: recipe.name,
    images: withImages && recipe.image ? [recipe.image] : [],
    variants: [makeVariant(1, "serving", values, { description: recipe.servingsText })],
  });
}

function requireBase(label: string, baseUrl: string | null): string {
  if (!baseUrl) throw new HttpError(400, `${label} needs the base URL of your server.`);
  return baseUrl;
}

function createMealie({ settings, http }: ProviderContext) {
  const base = requireBase("Mealie", settings.baseUrl);
  const headers = { Authorization: `Bearer ${settings.appKey ?? ""}` };
  type Item = { id: string; slug: string; name: string; recipeYield?: string; nutrition?: object };
  // Mealie serves a recipe's picture at a path of its own, relative to the server.
  const toFood = (r: Item, withImages: boolean) =>
    recipeFood(
      {
        type: "mealie",
        id: r.slug,
        name: r.name,
        image: resolveMediaUrl(base, `/api/media/recipes/${r.id}/images/original.webp`),
        servingsText: r.recipeYield,
        nutrients: (r.nutrition ?? {}) as Record<string, unknown>,
      },
      MEALIE_KEYS,
      withImages,
    );
  return {
    async search(query: string, page: number, pageSize: number) {
      const body = await http.json<{ total?: number; items?: Item[] }>(
        underBase(base, "/api/recipes", {
          search: query,
          page: String(page),
          perPage: String(pageSize),
        }),
        { headers },
      );
      const foods = (body?.items ?? []).map((r) => toFood(r, false));
      return { foods, totalCount: body?.total ?? foods.length };
    },
    async details(id: string): Promise<ProviderFood | null> {
      const recipe = await http.json<Item>(
        underBase(base, `/api/recipes/${encodeURIComponent(id)}`),
        { headers, notFoundIsNull: true },
      );
      return recipe ? toFood(recipe, true) : null;
    },
  };
}

type TandoorRecipe = {
  id: number;
  name: string;
  image?: string | null;
  servings?: number;
  servings_text?: string;
  nutrition?: Record<string, unknown> | null;
};

function createTandoor({ settings, http }: ProviderContext) {
  const base = requireBase("Tandoor", settings.baseUrl);
  const headers = { Authorization: `Bearer ${settings.appKey ?? ""}` };
  const toFood = (r: TandoorRecipe, withImages: boolean) =>
    recipeFood(
      {
        type: "tandoor",
        id: String(r.id),
        name: r.name,
        image: resolveMediaUrl(base, r.image),
        servingsText: r.servings_text || (r.servings ? `${r.servings} servings` : undefined),
        nutrients: r.nutrition ?? {},
      },
      TANDOOR_KEYS,
      withImages,
    );
  return {
    async search(query: string, page: number, pageSize: number) {
      const body = await http.json<{ count?: number; results?: TandoorRecipe[] }>(
        underBase(base, "/api/recipe/", {
          query,
          page: String(page),
          page_size: String(pageSize),
        }),
        { headers },
      );
      const foods = (body?.results ?? []).map((r) => toFood(r, false));
      return { foods, totalCount: body?.count ?? foods.length };
    },
    async details(id: string) {
      if (!/^\d+$/.test(id)) return null;
      const recipe = await http.json<TandoorRecipe>(underBase(base, `/api/recipe/${id}/`), {
        headers,
        notFoundIsNull: true,
      });
      return recipe ? toFood(recipe, true) : null;
    },
  };
}

type NorishRecipe = {
  id: string;
  name: string;
  image?: string | null;
  servings?: number;
  nutrition?: Record<string, unknown>;
};

// Norish publishes no API reference; this is the shape its recipe endpoints answer with
// as far as we know, so its images (and shape) are unverified.
function createNorish({ settings, http }: ProviderContext) {
  const base = requireBase("Norish", settings.baseUrl);
  const headers = { Authorization: `Bearer ${settings.appKey ?? ""}` };
  const toFood = (r: NorishRecipe, withImages: boolean) =>
    recipeFood(
      {
        type: "norish",
        id: String(r.id),
        name: r.name,
        image: resolveMediaUrl(base, r.image),
        servingsText: r.servings ? `${r.servings} servings` : undefined,
        nutrients: r.nutrition ?? {},
      },
      NORISH_KEYS,
      withImages,
    );
  return {
    async search(query: string, page: number, pageSize: number) {
      const body = await http.json<{ total?: number; items?: NorishRecipe[] }>(
        underBase(base, "/api/recipes", {
          search: query,
          page: String(page),
          pageSize: String(pageSize),
        }),
        { headers },
      );
      const foods = (body?.items ?? []).map((r) => toFood(r, false));
      return { foods, totalCount: body?.total ?? foods.length };
    },
    async details(id: string) {
      const recipe = await http.json<NorishRecipe>(
        underBase(base, `/api/recipes/${encodeURIComponent(id)}`),
        { headers, notFoundIsNull: true },
      );
      return recipe ? toFood(recipe, true) : null;
    },
  };
}

const recipeManager = (
  type: ProviderType,
  label: string,
  images: ProviderDefinition["images"],
  create: ProviderDefinition["create"],
): ProviderDefinition => ({
  type,
  label,
  categories: ["recipe"],
  supportsBarcode: false,
  images,
  // Recipe lists carry no nutrients: the details of the first results complete them.
  enrich: true,
  defaultBaseUrl: null,
  needs: { appId: false, appKey: true },
  create,
});

export const mealie = recipeManager("mealie", "Mealie", "yes", createMealie);
export const tandoor = recipeManager("tandoor", "Tandoor", "yes", createTandoor);
export const norish = recipeManager("norish", "Norish", "unverified", createNorish);
