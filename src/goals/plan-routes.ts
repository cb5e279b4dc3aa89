import { z } from "@hono/zod-openapi";
import type { Tx } from "../db.ts";
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
} from "../http/route-kit.ts";
import {
  createPlan,
  deletePlan,
  listPlans,
  PRESET_COLUMNS,
  updatePlan,
  type PlanFields,
} from "./plan-queries.ts";
import { listPresets } from "./queries.ts";

const read = access("can_manage_diary", false);
const write = access("can_manage_diary", true);
const route = routeIn(["Goals"]);
const NOT_FOUND = "Weekly goal plan not found.";

const presetId = z.string().nullable().optional();
const planBase = z.object({
  plan_name: z.string().trim().min(1).max(255),
  start_date: calendarDay,
  end_date: calendarDay.nullable(),
  is_active: z.boolean(),
  ...Object.fromEntries(PRESET_COLUMNS.map((c) => [c, presetId])),
});
const planBody = planBase
  .extend({ end_date: planBase.shape.end_date.default(null), is_active: z.boolean().default(true) })
  .refine((p) => !p.end_date || p.end_date >= p.start_date, {
    message: "must not be before start_date",
    path: ["end_date"],
  });
const planSchema = planBase.extend({ id: z.string() }).openapi("WeeklyGoalPlan");

/** Refuses weekday presets that are not the caller's own (RLS would hide them anyway). */
async function checkPresets(tx: Tx, userId: string, fields: Partial<PlanFields>) {
  const ids = PRESET_COLUMNS.map((c) => fields[c]).filter((id): id is string => !!id);
  if (ids.length === 0) return;
  const found = ids.every(isUuid) ? await listPresets(tx, userId, ids) : [];
  if (found.length !== new Set(ids).size)
    throw new HttpError(400, "A weekday's goal preset was not found.");
}

/** Weekly plans: a different preset per weekday, between two dates. */
export const planRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/weekly-goal-plans",
      summary: "The caller's weekly goal plans",
      middleware: read,
      responses: { 200: json(z.array(planSchema), "Plans by start date"), ...errorResponses },
    }),
    async (c) => c.json(await asCaller(c, (tx, u) => listPlans(tx, u)), 200),
  )
  .openapi(
    route({
      method: "post",
      path: "/api/weekly-goal-plans",
      summary: "Add a weekly plan",
      middleware: write,
      request: { body: jsonBody(planBody) },
      responses: { 201: json(planSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const fields = c.req.valid("json") as PlanFields;
      const plan = await asCaller(c, async (tx, userId) => {
        await checkPresets(tx, userId, fields);
        return createPlan(tx, userId, fields);
      });
      return c.json(plan, 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/weekly-goal-plans/{id}",
      summary: "Change a plan (only the fields sent)",
      middleware: write,
      request: { params: idParam, body: jsonBody(planBase.partial()) },
      responses: { 200: json(planSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const fields = c.req.valid("json") as Partial<PlanFields>;
      const plan = isUuid(id)
        ? await asCaller(c, async (tx, userId) => {
            await checkPresets(tx, userId, fields);
            return updatePlan(tx, userId, id, fields);
          })
        : undefined;
      if (!plan) throw new HttpError(404, NOT_FOUND);
      return c.json(plan, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/weekly-goal-plans/{id}",
      summary: "Delete a plan",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted = isUuid(id) && (await asCaller(c, (tx, u) => deletePlan(tx, u, id)));
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      return c.json({ message: "Weekly goal plan deleted." }, 200);
    },
  );
