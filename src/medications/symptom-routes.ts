import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { createRouter } from "../http/router.ts";
import { bearerSecurity as security, errorResponses, found, json } from "../http/openapi-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { dayInZone, userZone } from "../database/user-zone.ts";
import { readAccess, writeAccess } from "./access.ts";
import { deleteById } from "./delete-route.ts";
import { findMedication } from "./queries.ts";
import { inUserTx } from "../http/user-tx.ts";
import { rowsAsCaller } from "../http/route-kit.ts";
import {
  addName,
  deleteName,
  deleteSymptomEntry,
  findSymptomName,
  insertSymptomEntry,
  listNames,
  listSymptomEntries,
  type NamedTable,
} from "./symptom-queries.ts";

const BASE = "/api/v2/symptoms";
const tags = ["Symptoms"];
const anyObject = z.object({}).passthrough();

const entryInput = z.object({
  symptom_id: z.uuid().nullable().optional(),
  symptom_name_snapshot: z.string().trim().min(1).max(100).optional(),
  severity: z.number().min(0).max(10),
  severity_label: z.string().trim().max(40).nullable().optional(),
  context_text: z.string().max(2000).nullable().optional(),
  bristol_type: z.number().int().min(1).max(7).nullable().optional(),
  body_location: z.string().trim().max(100).nullable().optional(),
  medication_id: z.uuid().nullable().optional(),
  entry_date: calendarDay.optional(),
  logged_at: z.iso.datetime({ offset: true }).optional(),
  notes: z.string().max(2000).nullable().optional(),
  source: z.string().trim().min(1).max(50).optional(),
});
const nameInput = z.object({ name: z.string().trim().min(1).max(100) });
const symptomInput = nameInput.extend({
  scale_type: z.enum(["1-10", "none-severe", "count", "text"]).optional(),
  unit: z.string().trim().max(20).nullable().optional(),
  is_glp1_flagged: z.boolean().optional(),
});

export const symptomRoutes = createRouter();

// Definitions and body locations share one shape: a user's list of names.
for (const [path, table, label, input] of [
  [BASE, "user_symptoms", "symptom", symptomInput],
  [`${BASE}/locations`, "user_symptom_locations", "body location", nameInput],
] as const) {
  const notFound = `${label[0]!.toUpperCase()}${label.slice(1)} not found.`;
  symptomRoutes
    .openapi(
      createRoute({
        method: "get",
        path,
        tags,
        security,
        middleware: readAccess,
        summary: `The user's ${label}s`,
        responses: {
          200: { description: "Names", ...json(z.array(anyObject)) },
          ...errorResponses,
        },
      }),
      async (c) =>
        c.json(
          await inUserTx(c, (tx) => listNames(tx, table as NamedTable, c.var.auth.userId)),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: "post",
        path,
        tags,
        security,
        middleware: writeAccess,
        summary: `Add a ${label} (an existing one of the same name is returned)`,
        request: { body: { ...json(input), required: true } },
        responses: { 200: { description: "The name", ...json(anyObject) }, ...errorResponses },
      }),
      async (c) => {
        const body = c.req.valid("json");
        return c.json(await inUserTx(c, (tx) => addName(tx, table, c.var.auth.userId, body)), 200);
      },
    );
  symptomRoutes.openapi(
    ...deleteById({
      path: `${path}/{id}`,
      summary: `Delete a ${label} (logged entries keep their name)`,
      tag: "Symptoms",
      notFound,
      remove: (tx, userId, id) => deleteName(tx, table, userId, id),
    }),
  );
}

symptomRoutes
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/entries`,
      tags,
      security,
      middleware: readAccess,
      summary: "Logged symptoms, newest first",
      request: {
        query: z.object({ fromDate: calendarDay.optional(), toDate: calendarDay.optional() }),
      },
      responses: {
        200: { description: "Entries", ...json(z.array(anyObject)) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { fromDate, toDate } = c.req.valid("query");
      const rows = await rowsAsCaller(c, (tx, userId) =>
        listSymptomEntries(tx, userId, fromDate, toDate),
      );
      return c.json(rows, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: `${BASE}/entries`,
      tags,
      security,
      middleware: writeAccess,
      summary: "Log a symptom with severity 0 to 10, by symptom id or name",
      request: { body: { ...json(entryInput), required: true } },
      responses: { 201: { description: "Logged", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { userId } = c.var.auth;
      const row = await inUserTx(c, async (tx) => {
        const name = body.symptom_id
          ? found(await findSymptomName(tx, userId, body.symptom_id), "Symptom not found.")
          : body.symptom_name_snapshot;
        if (!name) throw new HttpError(400, "symptom_id or symptom_name_snapshot is required.");
        // A dose's medication must be one of the user's, not a foreign-key failure (500).
        if (body.medication_id) {
          found(await findMedication(tx, userId, body.medication_id), "Medication not found.");
        }
        const loggedAt = body.logged_at ? new Date(body.logged_at) : new Date();
        return insertSymptomEntry(tx, {
          ...body,
          user_id: userId,
          symptom_name_snapshot: name,
          logged_at: loggedAt,
          entry_date: body.entry_date ?? dayInZone(loggedAt, await userZone(tx)),
        });
      });
      return c.json(row, 201);
    },
  )
  .openapi(
    ...deleteById({
      path: `${BASE}/entries/{id}`,
      summary: "Delete a logged symptom",
      tag: "Symptoms",
      notFound: "Symptom entry not found.",
      remove: deleteSymptomEntry,
    }),
  );
