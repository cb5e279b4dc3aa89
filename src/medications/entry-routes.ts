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
import { readAccess, writeAccess } from "./access.ts";
import { deleteById } from "./delete-route.ts";
import { inUserTx } from "../http/user-tx.ts";
import { deleteEntry, listDoseFeed, updateEntry } from "./entry-queries.ts";
import { findMedication } from "./queries.ts";
import { dateRangeQuery, entryInput, entryRow, entryUpdate } from "./schemas.ts";
import { dueDoses, logDose, periodAdherence } from "./service.ts";
import { sumSupplementNutrients } from "./supplement-nutrients.ts";

const BASE = "/api/v2/medications";
const tags = ["Medications"];
const NOT_FOUND = "Medication entry not found.";

export const medicationEntryRoutes = createRouter();

medicationEntryRoutes
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/entries`,
      summary:
        "Logged doses and injections (entry_type), newest first, by date range and medication",
      tags,
      security,
      middleware: readAccess,
      request: { query: dateRangeQuery },
      responses: { 200: { description: "Entries", ...json(z.array(entryRow)) }, ...errorResponses },
    }),
    async (c) => {
      const filter = c.req.valid("query");
      const rows = await inUserTx(c, (tx) => listDoseFeed(tx, c.var.auth.userId, filter));
      return c.json(rows, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: `${BASE}/entries`,
      summary: "Log a dose as taken, skipped or late (default: taken now)",
      tags,
      security,
      middleware: writeAccess,
      request: { body: { ...json(entryInput), required: true } },
      responses: { 201: { description: "Logged", ...json(entryRow) }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { userId } = c.var.auth;
      const row = await inUserTx(c, async (tx) => {
        const medication = await findMedication(tx, userId, body.medication_id);
        return logDose(tx, userId, found(medication, "Medication not found."), body);
      });
      return c.json(row, 201);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/entries/{id}`,
      summary: "Change the fields sent of a logged dose",
      tags,
      security,
      middleware: writeAccess,
      request: { params: idParams("id"), body: { ...json(entryUpdate), required: true } },
      responses: { 200: { description: "Updated", ...json(entryRow) }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, NOT_FOUND);
      const body = c.req.valid("json");
      const change = { ...body, custom_fields: body.custom_fields ?? undefined };
      const row = await inUserTx(c, (tx) => updateEntry(tx, c.var.auth.userId, id, change));
      return c.json(found(row, NOT_FOUND), 200);
    },
  )
  .openapi(
    ...deleteById({
      path: `${BASE}/entries/{id}`,
      summary: "Delete a logged dose",
      tag: "Medications",
      notFound: NOT_FOUND,
      remove: deleteEntry,
    }),
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/due`,
      summary: "The day's scheduled doses (default today) and what happened to each",
      tags,
      security,
      middleware: readAccess,
      request: { query: z.object({ date: calendarDay.optional() }) },
      responses: {
        200: {
          description: "Due doses in time order",
          ...json(z.array(z.object({}).passthrough())),
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { date } = c.req.valid("query");
      const rows = await inUserTx(c, (tx) => dueDoses(tx, c.var.auth.userId, date, new Date()));
      return c.json(rows, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/adherence`,
      summary: "Adherence per medication over a period (default the last 30 days)",
      tags,
      security,
      middleware: readAccess,
      request: { query: dateRangeQuery },
      responses: {
        200: { description: "Per medication", ...json(z.object({}).passthrough()) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      if (query.fromDate && query.toDate && query.fromDate > query.toDate) {
        throw new HttpError(400, "fromDate must not be after toDate.");
      }
      const result = await inUserTx(c, (tx) =>
        periodAdherence(tx, c.var.auth.userId, query, new Date()),
      );
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/supplement-nutrients`,
      summary: "Nutrients of the supplement doses taken on a day (counted in diary totals)",
      tags,
      security,
      middleware: readAccess,
      request: { query: z.object({ date: calendarDay }) },
      responses: {
        200: { description: "Totals per nutrient", ...json(z.record(z.string(), z.number())) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { date } = c.req.valid("query");
      const totals = await inUserTx(c, (tx) => sumSupplementNutrients(tx, c.var.auth.userId, date));
      return c.json(totals, 200);
    },
  );
