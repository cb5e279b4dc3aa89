import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
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
import { checkRange, dayOrRangeQuery, rangeQuery, resolveRange } from "./day-range.ts";
import { profileZone } from "./profile-zone.ts";
import {
  createSleep,
  deleteSleep,
  getSleep,
  listSleepInRange,
  updateSleep,
} from "./sleep-queries.ts";
import { sleepInput } from "./inputs.ts";

const read = access("can_manage_checkin", false);
const write = access("can_manage_checkin", true);
const route = routeIn(["Sleep"]);
const NOT_FOUND = "Sleep entry not found.";

const sleepSchema = z
  .object({
    id: z.string(),
    entry_date: z.string(),
    bedtime: z.string(),
    wake_time: z.string(),
    duration_seconds: z.number(),
    time_asleep_seconds: z.number(),
    efficiency: z.number().nullable(),
    stage_totals: z.record(z.string(), z.number()),
    stage_events: z.array(
      z.object({
        stage: z.string(),
        stage_type: z.string(),
        start_time: z.string(),
        end_time: z.string(),
        duration_in_seconds: z.number(),
      }),
    ),
    record_timezone: z.string(),
    source: z.string(),
    sleep_score: z.number().nullable().describe("0-100, as the tracker (or the person) scored it"),
    average_spo2_value: z.number().nullable(),
    lowest_spo2_value: z.number().nullable(),
    highest_spo2_value: z.number().nullable(),
    avg_overnight_hrv: z.number().nullable(),
    duration_in_seconds: z.number(),
    time_asleep_in_seconds: z.number(),
    deep_sleep_seconds: z.number(),
    light_sleep_seconds: z.number(),
    rem_sleep_seconds: z.number(),
    awake_sleep_seconds: z.number(),
  })
  .openapi("SleepEntry");

export const sleepRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/sleep",
      summary: "Sleep sessions of a day (the day of waking) or a range, with figures per session",
      middleware: read,
      request: { query: dayOrRangeQuery },
      responses: { 200: json(z.array(sleepSchema), "Sessions, oldest first"), ...errorResponses },
    }),
    async (c) => {
      const [start, end] = resolveRange(c.req.valid("query"));
      return c.json(
        await asCaller(c, (tx, userId) => listSleepInRange(tx, userId, start, end)),
        200,
      );
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/sleep/details",
      summary: "Sleep sessions of a range with their stages (the web client's sleep report)",
      middleware: read,
      request: { query: rangeQuery },
      responses: { 200: json(z.array(sleepSchema), "Sessions, oldest first"), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const [start, end] = checkRange(query.startDate, query.endDate);
      return c.json(
        await asCaller(c, (tx, userId) => listSleepInRange(tx, userId, start, end)),
        200,
      );
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/sleep/{id}",
      summary: "One sleep session",
      middleware: read,
      request: { params: idParam },
      responses: { 200: json(sleepSchema, "The session"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const entry = isUuid(id) ? await asCaller(c, (tx, u) => getSleep(tx, u, id)) : undefined;
      if (!entry) throw new HttpError(404, NOT_FOUND);
      return c.json(entry, 200);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/sleep",
      summary: "Enter a sleep session by hand, with optional stages",
      middleware: write,
      request: { body: jsonBody(sleepInput) },
      responses: { 201: json(sleepSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const entry = await asCaller(c, async (tx, userId) =>
        createSleep(tx, userId, {
          ...body,
          record_timezone: body.record_timezone ?? (await profileZone(tx, userId)),
        }),
      );
      return c.json(entry, 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/sleep/{id}",
      summary: "Replace a sleep session's times and stages",
      middleware: write,
      request: { params: idParam, body: jsonBody(sleepInput) },
      responses: { 200: json(sleepSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const entry = isUuid(id)
        ? await asCaller(c, async (tx, userId) =>
            updateSleep(tx, userId, id, {
              ...body,
              record_timezone: body.record_timezone ?? (await profileZone(tx, userId)),
            }),
          )
        : undefined;
      if (!entry) throw new HttpError(404, NOT_FOUND);
      return c.json(entry, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/sleep/{id}",
      summary: "Delete a sleep session",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted = isUuid(id) && (await asCaller(c, (tx, u) => deleteSleep(tx, u, id)));
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      return c.json({ message: "Sleep entry deleted." }, 200);
    },
  );
