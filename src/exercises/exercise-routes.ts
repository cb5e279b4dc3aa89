import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import { asCaller, errorResponses, idParam, json, jsonBody, routeIn } from "../http/route-kit.ts";
import { accessWithCatalogue } from "./catalogue-ready.ts";
import { readCatalogueFile } from "./catalogue-import.ts";
import {
  getExercise,
  importExercises,
  listSuggestedExercises,
  searchExercises,
} from "./exercise-queries.ts";
import {
  exerciseSchema,
  limitQuery,
  pageQuery,
  paginationSchema,
  searchQuery,
  v2PageQuery,
} from "./exercise-schemas.ts";

// The library is read with can_view_exercise_library (or can_manage_diary); changed only
// with can_manage_diary (spec's permission table).
const read = accessWithCatalogue("can_view_exercise_library", false);
const write = accessWithCatalogue("can_manage_diary", true);
const route = routeIn(["Exercises"]);
const NOT_FOUND = "Exercise not found.";

const filters = (q: z.infer<typeof searchQuery>) => ({
  term: q.searchTerm,
  muscle: q.muscle,
  equipment: q.equipment,
  category: q.category,
});

/** The exercise library: the shipped catalogue plus the user's own exercises. */
export const exerciseRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/exercises/search",
      summary: "Search exercises by name, muscle or equipment; recent and most used first",
      middleware: read,
      request: { query: limitQuery },
      responses: { 200: json(z.array(exerciseSchema), "Matching exercises"), ...errorResponses },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const found = await asCaller(c, (tx, u) =>
        searchExercises(tx, u, { ...filters(q), limit: q.limit, offset: 0 }),
      );
      return c.json(found.exercises, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/v2/exercises/search",
      summary: "Search exercises, one page at a time",
      middleware: read,
      request: { query: v2PageQuery },
      responses: {
        200: json(
          z.object({ exercises: z.array(exerciseSchema), pagination: paginationSchema }),
          "A page of matching exercises",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const offset = (q.page - 1) * q.pageSize;
      const found = await asCaller(c, (tx, u) =>
        searchExercises(tx, u, { ...filters(q), limit: q.pageSize, offset }),
      );
      const pagination = {
        page: q.page,
        pageSize: q.pageSize,
        totalCount: found.total,
        hasMore: offset + found.exercises.length < found.total,
      };
      return c.json({ exercises: found.exercises, pagination }, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/exercises",
      summary: "List exercises page by page, with the total count",
      middleware: read,
      request: { query: pageQuery },
      responses: {
        200: json(
          z.object({ exercises: z.array(exerciseSchema), totalCount: z.number() }),
          "A page of exercises",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const offset = (q.currentPage - 1) * q.itemsPerPage;
      const found = await asCaller(c, (tx, u) =>
        searchExercises(tx, u, { ...filters(q), limit: q.itemsPerPage, offset }),
      );
      return c.json({ exercises: found.exercises, totalCount: found.total }, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/exercises/suggested",
      summary: "The exercises logged most recently and most often",
      middleware: read,
      request: { query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }) },
      responses: {
        200: json(
          z.object({
            recentExercises: z.array(exerciseSchema),
            topExercises: z.array(exerciseSchema),
          }),
          "Most recent first; most used first",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { limit } = c.req.valid("query");
      return c.json(await asCaller(c, (tx, u) => listSuggestedExercises(tx, u, limit)), 200);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/exercises/import",
      summary: "Import a catalogue file (free-exercise-db array or wger results) as own exercises",
      middleware: write,
      request: { body: jsonBody(z.unknown()) },
      responses: {
        200: json(
          z.object({ source: z.string(), imported: z.number(), skipped: z.number() }),
          "How many were added; ones already present (same id or name) are skipped",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { source, items } = readCatalogueFile(c.req.valid("json"));
      const counts = await asCaller(c, (tx, u) => importExercises(tx, u, source, items));
      return c.json({ source, ...counts }, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/exercises/{id}",
      summary: "One exercise of the catalogue or of the user",
      middleware: read,
      request: { params: idParam },
      responses: { 200: json(exerciseSchema, "The exercise"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const found = isUuid(id) ? await asCaller(c, (tx, u) => getExercise(tx, u, id)) : undefined;
      if (!found) throw new HttpError(404, NOT_FOUND);
      return c.json(found, 200);
    },
  );
