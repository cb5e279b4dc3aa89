import { z } from "@hono/zod-openapi";
import { idParam, json, jsonBody, messageSchema, routeWith } from "./route-kit.ts";
import {
  foodInputSchema,
  foodSchema,
  foodUpdateSchema,
  variantInputSchema,
  variantSchema,
} from "./schemas.ts";

const tags = ["Foods"];
const route = routeWith(tags);

export const recentFoodsRoute = route({
  method: "get",
  path: "/api/foods",
  summary: "Recently logged and most logged foods",
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }) },
  responses: {
    200: {
      description: "The two lists",
      ...json(z.object({ recentFoods: z.array(foodSchema), topFoods: z.array(foodSchema) })),
    },
  },
});

export const foodsPageSchema = z.object({ foods: z.array(foodSchema), totalCount: z.number() });
export type FoodsPage = z.infer<typeof foodsPageSchema>;

export const searchFoodsRoute = route({
  method: "get",
  path: "/api/foods/foods-paginated",
  summary:
    "Search the library by name, brand or barcode (case- and accent-insensitive), then the built-in foods (is_builtin)",
  request: {
    query: z.object({
      searchTerm: z.string().max(200).default(""),
      sortBy: z.string().max(50).optional().openapi({
        description:
          "Any value (the phone app sends name:asc when it lists its library) searches the library alone",
      }),
      currentPage: z.coerce.number().int().min(1).default(1),
      itemsPerPage: z.coerce.number().int().min(1).max(100).default(10),
    }),
  },
  responses: {
    200: {
      description:
        "A page: the library's foods, recently and most used first, then (without sortBy) the built-in foods matching a term, most relevant first",
      ...json(foodsPageSchema),
    },
  },
});

export const listVariantsRoute = route({
  method: "get",
  path: "/api/foods/food-variants",
  summary: "A food's serving variants, the default first (a built-in food's household measures)",
  request: { query: z.object({ food_id: z.string() }) },
  responses: { 200: { description: "Variants", ...json(z.array(variantSchema)) } },
});

export const createVariantRoute = route({
  method: "post",
  path: "/api/foods/food-variants",
  summary: "Add a serving variant to a food",
  request: jsonBody(variantInputSchema.extend({ food_id: z.string() })),
  responses: { 201: { description: "Created", ...json(variantSchema) } },
});

export const updateVariantRoute = route({
  method: "put",
  path: "/api/foods/food-variants/{variantId}",
  summary: "Change a serving variant",
  request: {
    params: idParam("variantId"),
    ...jsonBody(variantInputSchema.extend({ food_id: z.string().optional() })),
  },
  responses: { 200: { description: "Updated", ...json(variantSchema) } },
});

export const deleteVariantRoute = route({
  method: "delete",
  path: "/api/foods/food-variants/{variantId}",
  summary: "Delete a serving variant other than the default",
  request: { params: idParam("variantId") },
  responses: { 200: { description: "Deleted", ...json(messageSchema) } },
});

export const createFoodRoute = route({
  method: "post",
  path: "/api/foods",
  summary: "Create a food, or return the existing one with the same barcode or provider id",
  request: jsonBody(foodInputSchema),
  responses: {
    200: {
      description: "Already in the library (photo back-filled only if it had none)",
      ...json(foodSchema),
    },
    201: { description: "Created", ...json(foodSchema) },
  },
});

export const copyBuiltinFoodRoute = route({
  method: "post",
  path: "/api/foods/builtin-copies",
  summary: "Put a built-in food into the library (to edit it), or return the copy already there",
  request: jsonBody(z.object({ food_id: z.string() }).openapi("BuiltinCopyInput")),
  responses: {
    200: { description: "Already in the library", ...json(foodSchema) },
    201: { description: "Copied, with all its servings", ...json(foodSchema) },
  },
});

export const getFoodRoute = route({
  method: "get",
  path: "/api/foods/{foodId}",
  summary: "A food with its variants (a built-in food's id too)",
  request: { params: idParam("foodId") },
  responses: { 200: { description: "The food", ...json(foodSchema) } },
});

export const updateFoodRoute = route({
  method: "put",
  path: "/api/foods/{foodId}",
  summary: "Change a food; past diary entries keep their snapshot",
  request: { params: idParam("foodId"), ...jsonBody(foodUpdateSchema) },
  responses: { 200: { description: "The food", ...json(foodSchema) } },
});

export const deleteFoodRoute = route({
  method: "delete",
  path: "/api/foods/{foodId}",
  summary: "Delete a food; one used in the diary is hidden unless forceDelete=true",
  request: {
    params: idParam("foodId"),
    query: z.object({ forceDelete: z.enum(["true", "false"]).default("false") }),
  },
  responses: { 200: { description: "What was done", ...json(messageSchema) } },
});
