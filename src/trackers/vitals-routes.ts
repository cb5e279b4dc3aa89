import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { timeZone, instant } from "../lib/time-zone.ts";
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
import { dayOrRangeQuery, resolveRange } from "./day-range.ts";
import { profileZone } from "./profile-zone.ts";
import { createVitals, deleteVitals, listVitalsInRange, updateVitals } from "./vitals-queries.ts";

const read = access("can_manage_checkin", false);
const write = access("can_manage_checkin", true);
const route = routeIn(["Vitals"]);
const NOT_FOUND = "Vitals entry not found.";

const reading = (min: number, max: number, description: string) =>
  z.number().min(min).max(max).nullable().optional().openapi({ description });
const vitalValues = z.object({
  systolic_mmhg: reading(40, 300, "Blood pressure, systolic"),
  diastolic_mmhg: reading(20, 200, "Blood pressure, diastolic"),
  pulse_bpm: reading(20, 300, "Pulse with the blood pressure"),
  blood_glucose_mgdl: reading(10, 1000, "Blood glucose, mg/dL"),
  body_temperature_celsius: reading(25, 45, "Body temperature"),
  spo2_percent: reading(50, 100, "Blood oxygen saturation"),
  meal_context: z.string().max(50).nullable().optional().openapi({ example: "fasting" }),
  notes: z.string().max(2000).nullable().optional(),
});
const createBody = vitalValues
  .extend({
    measured_at: instant.optional().openapi({ description: "Default: now" }),
    entry_date: calendarDay.optional().openapi({ description: "Default: the day of measured_at" }),
    record_timezone: timeZone.optional(),
  })
  .refine(
    (b) =>
      [
        b.systolic_mmhg,
        b.diastolic_mmhg,
        b.pulse_bpm,
        b.blood_glucose_mgdl,
        b.body_temperature_celsius,
        b.spo2_percent,
      ].some((v) => typeof v === "number"),
    { message: "send at least one reading" },
  );
const vitalsSchema = vitalValues
  .extend({ id: z.string(), entry_date: z.string(), measured_at: z.string(), source: z.string() })
  .openapi("VitalsEntry");

export const vitalsRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/vitals",
      summary: "Blood pressure, glucose, temperature and SpO2 readings of a day or a range",
      middleware: read,
      request: { query: dayOrRangeQuery },
      responses: { 200: json(z.array(vitalsSchema), "Readings, oldest first"), ...errorResponses },
    }),
    async (c) => {
      const [start, end] = resolveRange(c.req.valid("query"));
      return c.json(await asCaller(c, (tx, u) => listVitalsInRange(tx, u, start, end)), 200);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/vitals",
      summary: "Record a reading",
      middleware: write,
      request: { body: jsonBody(createBody) },
      responses: { 201: json(vitalsSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const { measured_at, entry_date, record_timezone, ...values } = c.req.valid("json");
      const saved = await asCaller(c, async (tx, userId) =>
        createVitals(tx, userId, {
          measured_at: measured_at ?? new Date().toISOString(),
          entry_date,
          zone: record_timezone ?? (await profileZone(tx, userId)),
          values,
        }),
      );
      return c.json(saved, 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/vitals/{id}",
      summary: "Change a reading (only the fields sent; null clears)",
      middleware: write,
      request: { params: idParam, body: jsonBody(vitalValues) },
      responses: { 200: json(vitalsSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const values = c.req.valid("json");
      const saved = isUuid(id)
        ? await asCaller(c, (tx, u) => updateVitals(tx, u, id, values))
        : undefined;
      if (!saved) throw new HttpError(404, NOT_FOUND);
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/vitals/{id}",
      summary: "Delete a reading",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted = isUuid(id) && (await asCaller(c, (tx, u) => deleteVitals(tx, u, id)));
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      return c.json({ message: "Vitals entry deleted." }, 200);
    },
  );
