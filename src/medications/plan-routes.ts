import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { createRouter } from "../http/router.ts";
import {
  bearerSecurity as security,
  errorResponses,
  found,
  idParams,
  json,
  requireId,
} from "../http/openapi-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { dayInZone, userZone } from "../database/user-zone.ts";
import type { Tx } from "../db.ts";
import { readAccess, writeAccess } from "./access.ts";
import { inUserTx } from "../http/user-tx.ts";
import { levelCurve } from "./drug-level.ts";
import { listDoses, listTitrationSteps, replaceTitrationSteps } from "./injection-queries.ts";
import { findMedication } from "./queries.ts";
import { currentStep, planSteps } from "./titration.ts";

const BASE = "/api/v2/medications";
const tags = ["Medications"];
const NOT_FOUND = "Medication not found.";
const MAX_POINTS = 2000;
const anyObject = z.object({}).passthrough();
const medicationParam = { params: idParams("medicationId") };

const titrationInput = z.object({
  steps: z
    .array(
      z.object({
        dose_amount: z.number().min(0),
        dose_unit: z.string().trim().min(1).max(20).default("mg"),
        start_date: calendarDay.nullable().default(null),
        planned_weeks: z.number().int().min(1).max(520).nullable().default(null),
        note: z.string().max(500).nullable().default(null),
      }),
    )
    .max(52),
});

async function titrationPlan(tx: Tx, userId: string, medicationId: string) {
  const planned = planSteps(await listTitrationSteps(tx, userId, medicationId));
  const today = dayInZone(new Date(), await userZone(tx));
  return { steps: planned, current_step: currentStep(planned, today) };
}

const levelQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  stepHours: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(6),
  halfLifeHours: z.coerce.number().positive().max(100_000).optional(),
});

export const planRoutes = createRouter();

planRoutes
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/{medicationId}/titration`,
      tags,
      security,
      middleware: readAccess,
      summary: "The titration plan with each step's days and the step in effect today",
      request: medicationParam,
      responses: { 200: { description: "Plan", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const medicationId = requireId(c.req.valid("param").medicationId, NOT_FOUND);
      const { userId } = c.var.auth;
      const plan = await inUserTx(c, async (tx) => {
        found(await findMedication(tx, userId, medicationId), NOT_FOUND);
        return titrationPlan(tx, userId, medicationId);
      });
      return c.json(plan, 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/{medicationId}/titration`,
      tags,
      security,
      middleware: writeAccess,
      summary: "Replace the titration plan; undated steps start when the previous one ends",
      request: { ...medicationParam, body: { ...json(titrationInput), required: true } },
      responses: { 200: { description: "Plan", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const medicationId = requireId(c.req.valid("param").medicationId, NOT_FOUND);
      const { steps } = c.req.valid("json");
      const { userId } = c.var.auth;
      const plan = await inUserTx(c, async (tx) => {
        found(await findMedication(tx, userId, medicationId), NOT_FOUND);
        await replaceTitrationSteps(tx, userId, medicationId, steps);
        return titrationPlan(tx, userId, medicationId);
      });
      return c.json(plan, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/{medicationId}/level`,
      tags,
      security,
      middleware: readAccess,
      summary: "Estimated drug amount over time from logged doses (one-compartment model)",
      request: { ...medicationParam, query: levelQuery },
      responses: { 200: { description: "Curve", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const medicationId = requireId(c.req.valid("param").medicationId, NOT_FOUND);
      const query = c.req.valid("query");
      const { userId } = c.var.auth;
      const { medication, doses } = await inUserTx(c, async (tx) => ({
        medication: found(await findMedication(tx, userId, medicationId), NOT_FOUND),
        doses: await listDoses(tx, userId, medicationId),
      }));
      const halfLife = query.halfLifeHours ?? medication.half_life_hours;
      if (!halfLife) {
        throw new HttpError(400, "Set half_life_hours on the medication or pass halfLifeHours.");
      }
      const to = query.to ? new Date(query.to) : new Date();
      const from = query.from ? new Date(query.from) : (doses[0]?.at ?? to);
      if (from > to) throw new HttpError(400, "from must not be after to.");
      if ((to.getTime() - from.getTime()) / 3_600_000 / query.stepHours >= MAX_POINTS) {
        throw new HttpError(400, `The curve is limited to ${MAX_POINTS} points; raise stepHours.`);
      }
      return c.json(
        {
          half_life_hours: halfLife,
          unit: medication.dose_unit ?? "mg",
          model: "one-compartment, first-order elimination, bolus doses",
          points: levelCurve(doses, from, to, query.stepHours, halfLife),
        },
        200,
      );
    },
  );
