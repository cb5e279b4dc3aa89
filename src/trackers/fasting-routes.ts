import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import { instant } from "../lib/time-zone.ts";
import {
  access,
  asCaller,
  errorResponses,
  idParam,
  json,
  jsonBody,
  messageSchema,
  routeIn,
} from "../http/route-kit.ts";
import { beginFast, finishFast } from "./fasting-actions.ts";
import { fastingStreaks } from "./fasting-plans.ts";
import { endFastInput, fastingType, startFastInput } from "./inputs.ts";
import {
  deleteFast,
  findActiveFast,
  listFasts,
  readFastingTotals,
  updateFast,
} from "./fasting-queries.ts";
import { profileZone, todayIn } from "./profile-zone.ts";

const read = access("can_manage_checkin", false);
const write = access("can_manage_checkin", true);
const route = routeIn(["Fasting"]);
const NOT_FOUND = "Fast not found.";

const changeBody = z.object({
  start_time: instant.optional(),
  end_time: instant.nullable().optional(),
  target_end_time: instant.nullable().optional(),
  fasting_type: fastingType.nullable().optional(),
  status: z.enum(["ACTIVE", "COMPLETED", "CANCELLED"]).optional(),
  notes: z.string().max(2000).nullable().optional(),
});

const fastSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    start_time: z.string(),
    end_time: z.string().nullable(),
    target_end_time: z.string().nullable(),
    duration_minutes: z.number().nullable(),
    fasting_type: z.string().nullable(),
    status: z.enum(["ACTIVE", "COMPLETED", "CANCELLED"]),
    notes: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("FastingLog");
const statsSchema = z.object({
  total_completed_fasts: z.number(),
  total_minutes_fasted: z.number(),
  average_duration_minutes: z.number().nullable(),
  longest_duration_minutes: z.number().nullable(),
  current_streak_days: z.number(),
  longest_streak_days: z.number(),
});

export const fastingRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/fasting/current",
      summary: "The running fast, or null",
      middleware: read,
      responses: { 200: json(fastSchema.nullable(), "The fast or null"), ...errorResponses },
    }),
    async (c) => c.json(await asCaller(c, (tx, userId) => findActiveFast(tx, userId)), 200),
  )
  .openapi(
    route({
      method: "post",
      path: "/api/fasting/start",
      summary: "Start a fast, optionally of a planned type",
      middleware: write,
      request: { body: jsonBody(startFastInput) },
      responses: { 201: json(fastSchema, "Started"), 409: errorResponses[400], ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const fast = await asCaller(c, (tx, userId) => beginFast(tx, userId, body));
      return c.json(fast, 201);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/fasting/end",
      summary: "End the running fast (or the one named by id)",
      middleware: write,
      request: { body: jsonBody(endFastInput) },
      responses: { 200: json(fastSchema, "Ended"), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const fast = await asCaller(c, (tx, userId) => finishFast(tx, userId, body));
      return c.json(fast, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/fasting/stats",
      summary: "Totals over completed fasts and streaks of days with one",
      middleware: read,
      responses: { 200: json(statsSchema, "Statistics"), ...errorResponses },
    }),
    async (c) => {
      const stats = await asCaller(c, async (tx, userId) => {
        const zone = await profileZone(tx, userId);
        const { totals, endDays } = await readFastingTotals(tx, userId, zone);
        return { ...totals, ...fastingStreaks(endDays, todayIn(zone)) };
      });
      return c.json(stats, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/fasting/history",
      summary: "Fasts, newest first",
      middleware: read,
      request: {
        query: z.object({
          limit: z.coerce.number().int().min(1).max(500).default(50),
          offset: z.coerce.number().int().min(0).default(0),
        }),
      },
      responses: { 200: json(z.array(fastSchema), "Fasts"), ...errorResponses },
    }),
    async (c) => {
      const { limit, offset } = c.req.valid("query");
      return c.json(await asCaller(c, (tx, u) => listFasts(tx, u, limit, offset)), 200);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/fasting/{id}",
      summary: "Change a fast (only the fields sent)",
      middleware: write,
      request: { params: idParam, body: jsonBody(changeBody) },
      responses: { 200: json(fastSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const changes = c.req.valid("json");
      const fast = isUuid(id) ? await asCaller(c, (tx, u) => updateFast(tx, u, id, changes)) : null;
      if (!fast) throw new HttpError(404, NOT_FOUND);
      return c.json(fast, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/fasting/{id}",
      summary: "Delete a fast",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted = isUuid(id) && (await asCaller(c, (tx, u) => deleteFast(tx, u, id)));
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      return c.json({ message: "Fast deleted." }, 200);
    },
  );
