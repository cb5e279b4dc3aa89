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
import { calendarDay } from "../lib/calendar-day.ts";
import { accessWithCatalogue } from "./catalogue-ready.ts";
import {
  createPreset,
  deletePreset,
  getPreset,
  listPresets,
  updatePreset,
} from "./preset-queries.ts";
import { presetInput, presetUpdate } from "./preset-schemas.ts";
import { createSession } from "./session-queries.ts";

// Presets are part of the exercise library: read with can_view_exercise_library.
const read = accessWithCatalogue("can_view_exercise_library", false);
const write = accessWithCatalogue("can_manage_diary", true);
const route = routeIn(["Workout presets"]);
const NOT_FOUND = "Workout preset not found.";
const presetSchema = z
  .object({ id: z.string(), name: z.string() })
  .catchall(z.unknown())
  .openapi("WorkoutPreset");
const found = <T>(value: T | undefined | false | null): T => {
  if (!value) throw new HttpError(404, NOT_FOUND);
  return value;
};

/** Reusable sessions: exercises with planned sets, started into the diary in one call. */
export const presetRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/workout-presets",
      summary: "The user's presets by name, page by page",
      middleware: read,
      request: {
        query: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
      },
      responses: {
        200: json(
          z.object({
            presets: z.array(presetSchema),
            total: z.number(),
            page: z.number(),
            limit: z.number(),
          }),
          "A page",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { page, limit } = c.req.valid("query");
      const { presets, total } = await asCaller(c, (tx, u) =>
        listPresets(tx, u, { term: null, limit, offset: (page - 1) * limit }),
      );
      return c.json({ presets, total, page, limit }, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/workout-presets/search",
      summary: "Presets whose name contains searchTerm",
      middleware: read,
      request: {
        query: z.object({
          searchTerm: z.string().max(200).default(""),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
      },
      responses: { 200: json(z.array(presetSchema), "Matching presets"), ...errorResponses },
    }),
    async (c) => {
      const { searchTerm, limit } = c.req.valid("query");
      const { presets } = await asCaller(c, (tx, u) =>
        listPresets(tx, u, { term: searchTerm.trim() || null, limit, offset: 0 }),
      );
      return c.json(presets, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/workout-presets/{id}",
      summary: "One preset with its exercises and planned sets",
      middleware: read,
      request: { params: idParam },
      responses: { 200: json(presetSchema, "The preset"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(found(isUuid(id) && (await asCaller(c, (tx, u) => getPreset(tx, u, id)))), 200);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/workout-presets",
      summary: "Add a preset",
      middleware: write,
      request: { body: jsonBody(presetInput) },
      responses: { 201: json(presetSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const input = c.req.valid("json");
      return c.json(await asCaller(c, (tx, u) => createPreset(tx, u, input)), 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/workout-presets/{id}",
      summary: "Change a preset (exercises sent replace the old ones)",
      middleware: write,
      request: { params: idParam, body: jsonBody(presetUpdate) },
      responses: { 200: json(presetSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      return c.json(
        found(isUuid(id) && (await asCaller(c, (tx, u) => updatePreset(tx, u, id, input)))),
        200,
      );
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/workout-presets/{id}",
      summary: "Delete a preset (logged sessions keep their entries; plans lose its days)",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      found(isUuid(id) && (await asCaller(c, (tx, u) => deletePreset(tx, u, id))));
      return c.json({ message: "Workout preset deleted." }, 200);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/workout-presets/{id}/start",
      summary: "Start the preset into the diary: a logged session with its exercises and sets",
      middleware: write,
      request: { params: idParam, body: jsonBody(z.object({ entry_date: calendarDay })) },
      responses: { 201: json(z.object({}).passthrough(), "The logged session"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { entry_date } = c.req.valid("json");
      const session = isUuid(id)
        ? await asCaller(
            c,
            async (tx, u) =>
              (await getPreset(tx, u, id)) &&
              createSession(tx, u, { workout_preset_id: id, entry_date }),
          )
        : undefined;
      return c.json(found(session), 201);
    },
  );
