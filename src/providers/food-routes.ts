import { z } from "@hono/zod-openapi";
import { access, errorResponses, json, routeIn } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  asFatSecretFood,
  asFatSecretSearchItem,
  asOffProduct,
  asUsdaFood,
} from "./legacy-shapes.ts";
import {
  barcodeResponseSchema,
  paginationSchema,
  providerFoodSchema,
  searchResponseSchema,
} from "./schemas.ts";
import { lookupBarcode, providerDetails, searchProvider } from "./service.ts";

const route = routeIn(["Food providers"]);
// The owner's providers; a delegate uses them only with share_external_providers.
const useProviders = access("share_external_providers", false);
const upstream = {
  429: json(z.object({ error: z.string() }), "The provider is limiting requests (Retry-After)"),
  502: json(z.object({ error: z.string() }), "The provider failed or refused the credentials"),
  504: json(z.object({ error: z.string() }), "The provider did not answer in time"),
};
const responsesWith = <T extends z.ZodType>(schema: T, description: string) => ({
  200: json(schema, description),
  ...errorResponses,
  ...upstream,
});

const searchQuery = z.object({
  query: z.string().trim().min(1, { error: "is required" }).max(200),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  providerId: z.string().max(100).optional(),
  autoScale: z.string().optional(),
});
const providerIdQuery = z.object({ providerId: z.string().max(100).optional() });
const typeParam = z.object({ providerType: z.string().max(50) });

const v2SearchRoute = route({
  method: "get",
  path: "/api/v2/foods/search/{providerType}",
  summary: "Search a provider; the first results carry their details and images",
  middleware: useProviders,
  request: { params: typeParam, query: searchQuery },
  responses: responsesWith(searchResponseSchema, "Normalized foods and the page"),
});

const v2DetailsRoute = route({
  method: "get",
  path: "/api/v2/foods/details/{providerType}/{externalId}",
  summary: "One provider food, normalized, with its images",
  middleware: useProviders,
  request: {
    params: typeParam.extend({ externalId: z.string().min(1).max(300) }),
    query: providerIdQuery,
  },
  responses: responsesWith(providerFoodSchema, "The food"),
});

// A barcode (EAN-8, UPC-A, EAN-13, GTIN-14) is 8 to 14 digits: anything else is refused
// before a provider is asked.
const barcodeParam = z
  .string()
  .trim()
  .regex(/^\d{8,14}$/, { error: "must be 8 to 14 digits" });

const v2BarcodeRoute = route({
  method: "get",
  path: "/api/v2/foods/barcode/{barcode}",
  summary: "A barcode: the barcode providers in order, then the library",
  middleware: useProviders,
  request: {
    params: z.object({ barcode: z.string().regex(/^\d{4,14}$/) }),
    query: providerIdQuery,
  },
  responses: responsesWith(barcodeResponseSchema, "Where it was found, and the food"),
});

// The app's first-generation lookup answers the same shape; that server looks in the library first.
const legacyBarcodeRoute = route({
  method: "get",
  path: "/api/foods/barcode/{barcode}",
  summary: "A barcode: the library, then the barcode providers in order (first-generation clients)",
  middleware: useProviders,
  request: {
    params: z.object({ barcode: barcodeParam }),
    query: providerIdQuery,
  },
  responses: responsesWith(barcodeResponseSchema, "Where it was found, and the food"),
});

const legacySearchRoute = route({
  method: "get",
  path: "/api/foods/{provider}/search",
  summary: "Search a provider, answered in the provider's own shape (first-generation clients)",
  middleware: useProviders,
  request: { params: z.object({ provider: z.string().max(50) }), query: searchQuery },
  responses: responsesWith(
    z.object({ pagination: paginationSchema }).passthrough(),
    "products (Open Food Facts), foods (USDA, FatSecret) or items (others)",
  ),
});

const fatSecretNutrientsRoute = route({
  method: "get",
  path: "/api/foods/fatsecret/nutrients",
  summary: "A FatSecret food with all its servings, in FatSecret's shape",
  middleware: useProviders,
  request: { query: z.object({ foodId: z.string().min(1).max(50) }) },
  responses: responsesWith(z.object({ food: z.record(z.string(), z.unknown()) }), "The food"),
});

// First-generation clients name the provider row in a header.
const headerProviderId = (header: string | undefined) => header?.trim() || undefined;

export const providerFoodRoutes = createRouter()
  .openapi(v2SearchRoute, async (c) => {
    const { providerType } = c.req.valid("param");
    return c.json(await searchProvider(c.var, providerType, c.req.valid("query")), 200);
  })
  .openapi(v2DetailsRoute, async (c) => {
    const { providerType, externalId } = c.req.valid("param");
    const { providerId } = c.req.valid("query");
    return c.json(await providerDetails(c.var, providerType, externalId, providerId), 200);
  })
  .openapi(v2BarcodeRoute, async (c) => {
    const { barcode } = c.req.valid("param");
    const { providerId } = c.req.valid("query");
    return c.json(await lookupBarcode(c.var, barcode, providerId), 200);
  })
  .openapi(fatSecretNutrientsRoute, async (c) => {
    const { foodId } = c.req.valid("query");
    const providerId = headerProviderId(c.req.header("x-provider-id"));
    const food = await providerDetails(c.var, "fatsecret", foodId, providerId);
    return c.json(asFatSecretFood(food), 200);
  })
  .openapi(legacySearchRoute, async (c) => {
    const { provider } = c.req.valid("param");
    const query = c.req.valid("query");
    const providerId = query.providerId ?? headerProviderId(c.req.header("x-provider-id"));
    const { foods, pagination } = await searchProvider(c.var, provider, { ...query, providerId });
    if (provider === "openfoodfacts")
      return c.json({ products: foods.map(asOffProduct), pagination }, 200);
    if (provider === "usda") return c.json({ foods: foods.map(asUsdaFood), pagination }, 200);
    if (provider === "fatsecret") {
      return c.json({ foods: { food: foods.map(asFatSecretSearchItem) }, pagination }, 200);
    }
    return c.json({ items: foods, pagination }, 200);
  });

// Added as a statement: one more link in the chain above makes the app's route type too
// complex for TypeScript.
providerFoodRoutes.openapi(legacyBarcodeRoute, async (c) => {
  const { barcode } = c.req.valid("param");
  const { providerId } = c.req.valid("query");
  return c.json(await lookupBarcode(c.var, barcode, providerId, true), 200);
});
