import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import {
  asCaller,
  errorResponses,
  idParam,
  json,
  jsonBody,
  messageSchema,
  routeIn,
} from "../http/route-kit.ts";
import { accessWithCatalogue } from "./catalogue-ready.ts";
import { readCatalogueFile } from "./catalogue-import.ts";
import {
  createCustomExercise,
  deleteCustomExercise,
  getExercise,
  importExercises,
  searchExercises,
  updateCustomExercise,
  type CustomExercise,
} from "./exercise-queries.ts";
import {
  customExerciseInput,
  customExerciseUpdate,
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
  )
  .openapi(
    route({
      method: "post",
      path: "/api/exercises",
      summary: "Add a custom exercise",
      middleware: write,
      request: { body: jsonBody(customExerciseInput) },
      responses: { 201: json(exerciseSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const data: CustomExercise = {
        category: null,
        primary_muscles: [],
        secondary_muscles: [],
        equipment: [],
        met: null,
        level: null,
        mechanic: null,
        force: null,
        instructions: [],
        description: null,
        ...input,
      };
      return c.json(await asCaller(c, (tx, u) => createCustomExercise(tx, u, data)), 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/exercises/{id}",
      summary: "Change a custom exercise (only the fields sent); catalogue rows are read-only",
      middleware: write,
      request: { params: idParam, body: jsonBody(customExerciseUpdate) },
      responses: { 200: json(exerciseSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const changes = c.req.valid("json");
      const saved = isUuid(id)
        ? await asCaller(c, (tx, u) => updateCustomExercise(tx, u, id, changes))
        : undefined;
      if (!saved) throw new HttpError(404, NOT_FOUND);
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/exercises/{id}",
      summary: "Delete a custom exercise no entry or preset uses",
      middleware: write,
      request: { params: idParam },
      responses: {
        200: json(messageSchema, "Deleted"),
        ...errorResponses,
        409: json(z.object({ error: z.string() }), "Still used by entries or presets"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const outcome = isUuid(id)
        ? await asCaller(c, (tx, u) => deleteCustomExercise(tx, u, id))
        : "missing";
      if (outcome === "missing") throw new HttpError(404, NOT_FOUND);
      if (outcome === "in_use")
        throw new HttpError(409, "This exercise is used by diary entries or presets.");
      return c.json({ message: "Exercise deleted." }, 200);
    },
  );
