import { z } from "@hono/zod-openapi";
import { createRouter } from "../http/router.ts";
import { access, errorResponses, json, jsonBody, routeIn } from "../http/route-kit.ts";
import { EXTERNAL_EXERCISE_FORMATS } from "./catalogue-import.ts";
import { accessWithCatalogue } from "./catalogue-ready.ts";
import { exerciseSchema, paginationSchema } from "./exercise-schemas.ts";
import { addFromExerciseDatabase, searchExerciseDatabase } from "./external-exercises.ts";

// Searching uses the owner's providers (share_external_providers for a delegate); adding
// writes the library, a diary permission, through those same providers.
const useProviders = access("share_external_providers", false);
const write = accessWithCatalogue("can_manage_diary", true);
const route = routeIn(["Exercises"]);
const upstream = {
  429: json(z.object({ error: z.string() }), "The exercise database limits requests"),
  502: json(z.object({ error: z.string() }), "The exercise database failed or is unreachable"),
  504: json(z.object({ error: z.string() }), "The exercise database did not answer in time"),
};

const searchItem = z
  .object({ id: z.string(), name: z.string(), source: z.string() })
  .passthrough()
  .openapi("ExternalExerciseSearchItem");

// The phone app adds wger's exercises by number; any database's result can be added by the
// search item's source and id (Nutritionix's, which the app only previews, included).
const addBody = z.union([
  z.object({
    wgerExerciseId: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
  }),
  z.object({
    source: z.enum(EXTERNAL_EXERCISE_FORMATS),
    exerciseId: z.string().trim().min(1).max(200),
    providerId: z.string().max(100).optional(),
  }),
]);

/**
 * The phone app's exercise databases: free-exercise-db, wger and Nutritionix, as configured
 * providers.
 */
export const externalExerciseRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/exercises/search-external",
      summary: "Search an exercise database (providerType wger, free-exercise-db or nutritionix)",
      middleware: useProviders,
      request: {
        query: z.object({
          query: z.string().trim().min(1).max(200),
          providerType: z.string().max(40),
          providerId: z.string().max(100).optional(),
          page: z.coerce.number().int().min(1).max(1000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
      responses: {
        200: json(
          z.object({ items: z.array(searchItem), pagination: paginationSchema }),
          "A page of the database's exercises",
        ),
        ...errorResponses,
        ...upstream,
      },
    }),
    async (c) => c.json(await searchExerciseDatabase(c, c.req.valid("query")), 200),
  )
  .openapi(
    route({
      method: "post",
      path: "/api/exercises/add-external",
      summary:
        "Add a database's exercise to the library, by wger number or by a search item's source and id (or answer the one added before)",
      middleware: write,
      request: { body: jsonBody(addBody) },
      responses: {
        201: json(exerciseSchema, "The library's exercise"),
        ...errorResponses,
        ...upstream,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const added =
        "wgerExerciseId" in body
          ? await addFromExerciseDatabase(c, "wger", String(body.wgerExerciseId))
          : await addFromExerciseDatabase(c, body.source, body.exerciseId, body.providerId);
      return c.json(added, 201);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/freeexercisedb/add",
      summary: "Add a free-exercise-db exercise to the library (or answer the one added before)",
      middleware: write,
      request: { body: jsonBody(z.object({ exerciseId: z.string().trim().min(1).max(200) })) },
      responses: {
        201: json(exerciseSchema, "The library's exercise"),
        ...errorResponses,
        ...upstream,
      },
    }),
    async (c) => {
      const { exerciseId } = c.req.valid("json");
      return c.json(await addFromExerciseDatabase(c, "free-exercise-db", exerciseId), 201);
    },
  );
