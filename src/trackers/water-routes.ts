import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import {
  access,
  asCaller,
  errorResponses,
  idParam,
  json,
  jsonBody,
  messageSchema,
  routeIn,
  rowsAsCaller,
} from "../http/route-kit.ts";
import { logWaterInput } from "./inputs.ts";
import { logWater } from "./water-log.ts";
import {
  answeredContainer,
  createContainer,
  deleteContainer,
  deleteWaterEntry,
  getWaterDay,
  listContainers,
  listWaterEntriesOfDay,
  updateContainer,
  summarizeWaterDay,
} from "./water-queries.ts";

// Water is diary data in the spec's permission table.
const read = access("can_manage_diary", false);
const write = access("can_manage_diary", true);
const route = routeIn(["Water"]);

const containerBase = z.object({
  name: z.string().trim().min(1).max(100),
  volume: z.number().positive().max(100_000),
  unit: z.enum(["ml", "liter", "oz"]),
  is_primary: z.boolean(),
  servings_per_container: z.number().int().min(1).max(100),
});
const containerFields = containerBase.extend({
  unit: containerBase.shape.unit.default("ml"),
  is_primary: z.boolean().default(false),
  servings_per_container: containerBase.shape.servings_per_container.default(1),
});
const containerSchema = containerBase.extend({ id: z.number().int() }).openapi("WaterContainer");
// No defaults here: an update changes only the fields sent.
const containerPatch = containerBase.partial();

const waterDay = z.object({
  entry_date: z.string(),
  water_ml: z.number(),
  manual_ml: z.number(),
  entries: z.array(z.record(z.string(), z.unknown())),
});
const logEntry = z.object({
  id: z.string(),
  user_id: z.string(),
  entry_date: z.string(),
  water_ml: z.number(),
  container_id: z.number().nullable(),
  container_name: z.string().nullable(),
  logged_at: z.date().nullable(),
  source: z.string(),
});
const containerIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, example: "3" }),
});

function containerId(raw: string): number {
  // An id that cannot be a container's is simply not found.
  if (!/^\d{1,9}$/.test(raw)) throw new HttpError(404, "Water container not found.");
  return Number(raw);
}

/**
 * A day's water and logging a drink; the same routes answer under /api/v2/measurements,
 * where that kind of server's web client calls them.
 */
const intakeRoutesAt = (base: string) =>
  createRouter()
    .openapi(
      route({
        method: "get",
        path: `${base}/water-intake/{date}`,
        summary: "Water drunk on a day: total, the part logged by hand, and the entries",
        middleware: read,
        request: { params: z.object({ date: calendarDay }) },
        responses: { 200: json(waterDay, "The day's water"), ...errorResponses },
      }),
      async (c) => {
        const { date } = c.req.valid("param");
        const entries = await rowsAsCaller(c, (tx, userId) =>
          listWaterEntriesOfDay(tx, userId, date),
        );
        return c.json(summarizeWaterDay(date, entries), 200);
      },
    )
    .openapi(
      route({
        method: "post",
        path: `${base}/water-intake`,
        summary: "Log water by container (change_drinks) or in millilitres",
        middleware: write,
        request: { body: jsonBody(logWaterInput) },
        responses: {
          200: json(
            z.object({ id: z.string().nullable(), water_ml: z.number(), entry_date: z.string() }),
            "The entry touched and the day's new total",
          ),
          ...errorResponses,
        },
      }),
      async (c) => {
        const body = c.req.valid("json");
        const result = await asCaller(c, (tx, userId) => logWater(tx, userId, body));
        return c.json(result, 200);
      },
    );

export const waterRoutes = createRouter()
  .route("/", intakeRoutesAt("/api/measurements"))
  .route("/", intakeRoutesAt("/api/v2/measurements"))
  .openapi(
    route({
      method: "get",
      path: "/api/v2/measurements/water-intake/{date}/log",
      summary: "The day's water entries, drink by drink (the web client's water log)",
      middleware: read,
      request: { params: z.object({ date: calendarDay }) },
      responses: { 200: json(z.array(logEntry), "Entries, as logged"), ...errorResponses },
    }),
    async (c) => {
      const { date } = c.req.valid("param");
      const entries = await asCaller(c, async (tx, userId) =>
        (await getWaterDay(tx, userId, date)).entries.map((e) => ({
          ...e,
          user_id: userId,
          entry_date: date,
        })),
      );
      return c.json(entries, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/measurements/water-intake/entry/{id}",
      summary: "Delete one water entry",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted =
        isUuid(id) && (await asCaller(c, (tx, userId) => deleteWaterEntry(tx, userId, id)));
      if (!deleted) throw new HttpError(404, "Water entry not found.");
      return c.json({ message: "Water entry deleted." }, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/water-containers",
      summary: "The caller's water containers, primary first (volume in ml, unit to show)",
      middleware: read,
      responses: { 200: json(z.array(containerSchema), "Containers"), ...errorResponses },
    }),
    async (c) => {
      const containers = await asCaller(c, (tx, userId) => listContainers(tx, userId));
      return c.json(containers.map(answeredContainer), 200);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/water-containers",
      summary: "Add a container; is_primary makes it the default for logging drinks",
      middleware: write,
      request: { body: jsonBody(containerFields) },
      responses: { 201: json(containerSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const fields = c.req.valid("json");
      const saved = await asCaller(c, (tx, userId) => createContainer(tx, userId, fields));
      return c.json(answeredContainer(saved), 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/water-containers/{id}",
      summary: "Change a container (only the fields sent)",
      middleware: write,
      request: { params: containerIdParam, body: jsonBody(containerPatch) },
      responses: { 200: json(containerSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const id = containerId(c.req.valid("param").id);
      const fields = c.req.valid("json");
      const saved = await asCaller(c, (tx, userId) => updateContainer(tx, userId, id, fields));
      if (!saved) throw new HttpError(404, "Water container not found.");
      return c.json(answeredContainer(saved), 200);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/water-containers/{id}/set-primary",
      summary: "Make a container the primary one",
      middleware: write,
      request: { params: containerIdParam },
      responses: { 200: json(containerSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const id = containerId(c.req.valid("param").id);
      const saved = await asCaller(c, (tx, userId) =>
        updateContainer(tx, userId, id, { is_primary: true }),
      );
      if (!saved) throw new HttpError(404, "Water container not found.");
      return c.json(answeredContainer(saved), 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/water-containers/{id}",
      summary: "Delete a container; entries logged with it keep their millilitres",
      middleware: write,
      request: { params: containerIdParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const id = containerId(c.req.valid("param").id);
      const deleted = await asCaller(c, (tx, userId) => deleteContainer(tx, userId, id));
      if (!deleted) throw new HttpError(404, "Water container not found.");
      return c.json({ message: "Water container deleted." }, 200);
    },
  );
