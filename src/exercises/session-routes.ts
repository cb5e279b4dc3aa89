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
import { calendarDay } from "../lib/calendar-day.ts";
import { accessWithCatalogue } from "./catalogue-ready.ts";
import { createPlan, deletePlan, listPlans, listScheduled, updatePlan } from "./plan-queries.ts";
import { planInput, planUpdate, sessionInput, sessionUpdate } from "./preset-schemas.ts";
import { createSession, deleteSession, getSession, updateSession } from "./session-queries.ts";

const read = access("can_manage_diary", false);
const write = accessWithCatalogue("can_manage_diary", true);
const route = routeIn(["Exercise"]);
const anyObject = z.object({}).passthrough();
const sessionSchema = anyObject.openapi("PresetSessionResponse");

function found<T>(value: T | undefined | false | null, message: string): T {
  if (!value) throw new HttpError(404, message);
  return value;
}
const SESSION = "Workout session not found.";
const PLAN = "Workout plan not found.";

/** Logged sessions (exercise-preset-entries) and weekly plans of presets. */
export const sessionRoutes = createRouter()
  .openapi(
    route({
      method: "post",
      path: "/api/exercise-preset-entries",
      summary:
        "Log a session: exercises with sets, or a preset's when only workout_preset_id is given",
      middleware: write,
      request: { body: jsonBody(sessionInput) },
      responses: { 201: json(sessionSchema, "The session with its entries"), ...errorResponses },
    }),
    async (c) => {
      const input = c.req.valid("json");
      return c.json(await asCaller(c, (tx, u) => createSession(tx, u, input)), 201);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/exercise-preset-entries/{id}",
      summary: "One logged session with its entries and sets",
      middleware: read,
      request: { params: idParam },
      responses: { 200: json(sessionSchema, "The session"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(
        found(isUuid(id) && (await asCaller(c, (tx, u) => getSession(tx, u, id))), SESSION),
        200,
      );
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/exercise-preset-entries/{id}",
      summary: "Change a session (exercises sent replace its entries)",
      middleware: write,
      request: { params: idParam, body: jsonBody(sessionUpdate) },
      responses: { 200: json(sessionSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      return c.json(
        found(
          isUuid(id) && (await asCaller(c, (tx, u) => updateSession(tx, u, id, input))),
          SESSION,
        ),
        200,
      );
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/exercise-preset-entries/{id}",
      summary: "Delete a session with its entries",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      found(isUuid(id) && (await asCaller(c, (tx, u) => deleteSession(tx, u, id))), SESSION);
      return c.json({ message: "Workout session deleted." }, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/workout-plan-templates",
      summary:
        "Weekly plans: presets (or single exercises with planned sets) assigned to weekdays over a date range",
      middleware: read,
      responses: { 200: json(z.array(anyObject), "Plans, newest start first"), ...errorResponses },
    }),
    async (c) => c.json(await asCaller(c, (tx, u) => listPlans(tx, u)), 200),
  )
  .openapi(
    route({
      method: "get",
      path: "/api/workout-plan-templates/scheduled",
      summary: "The presets and single exercises active plans schedule on a day",
      middleware: read,
      request: { query: z.object({ date: calendarDay }) },
      responses: { 200: json(z.array(anyObject), "Scheduled presets"), ...errorResponses },
    }),
    async (c) => {
      const { date } = c.req.valid("query");
      return c.json(await asCaller(c, (tx, u) => listScheduled(tx, u, date)), 200);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/workout-plan-templates",
      summary: "Add a plan",
      middleware: write,
      request: { body: jsonBody(planInput) },
      responses: { 201: json(anyObject, "Created"), ...errorResponses },
    }),
    async (c) => {
      const input = c.req.valid("json");
      return c.json(await asCaller(c, (tx, u) => createPlan(tx, u, input)), 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/workout-plan-templates/{id}",
      summary: "Change a plan (assignments sent replace the old ones)",
      middleware: write,
      request: { params: idParam, body: jsonBody(planUpdate) },
      responses: { 200: json(anyObject, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      return c.json(
        found(isUuid(id) && (await asCaller(c, (tx, u) => updatePlan(tx, u, id, input))), PLAN),
        200,
      );
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/workout-plan-templates/{id}",
      summary: "Delete a plan",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      found(isUuid(id) && (await asCaller(c, (tx, u) => deletePlan(tx, u, id))), PLAN);
      return c.json({ message: "Workout plan deleted." }, 200);
    },
  );
