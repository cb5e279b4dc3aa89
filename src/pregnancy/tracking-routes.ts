import { createRoute, z } from "@hono/zod-openapi";
import type { Tx } from "../db.ts";
import { createRouter } from "../http/router.ts";
import {
  bearerSecurity as security,
  errorResponses,
  found,
  idParams,
  json,
  requireId,
} from "../http/openapi-kit.ts";
import { HttpError } from "../errors.ts";
import { inUserTx } from "../http/user-tx.ts";
import { ownerRead, ownerWrite } from "../cycle/access.ts";
import { timeContractions } from "./gestation.ts";
import {
  deleteRow,
  findPregnancy,
  insertRow,
  listForPregnancy,
  updateRow,
  upsertChecklistItem,
  type PregnancyTable,
} from "./queries.ts";

const BASE = "/api/v2/pregnancy";
const tags = ["Pregnancy"];
const anyObject = z.object({}).passthrough();
const instant = z.iso.datetime({ offset: true });
const pregnancyQuery = z.object({ pregnancy_id: z.uuid() });

async function requirePregnancy(tx: Tx, userId: string, id: string) {
  found(await findPregnancy(tx, userId, id), "Pregnancy not found.");
}

const checklistInput = z.object({
  id: z.uuid().optional(),
  pregnancy_id: z.uuid().optional(),
  template_key: z.string().trim().max(100).nullable().optional(),
  custom_title: z.string().trim().max(200).nullable().optional(),
  week: z.number().int().min(0).max(45).optional(),
  completed: z.boolean().optional(),
  dismissed: z.boolean().optional(),
});

/** Child records of a pregnancy: list by pregnancy_id, add, and (where sent) delete by id. */
const children = [
  {
    path: "kicks",
    table: "pregnancy_kick_sessions",
    order: "started_at",
    label: "Kick counting sessions",
    input: z.object({
      pregnancy_id: z.uuid(),
      started_at: instant,
      ended_at: instant.nullable().optional(),
      kick_count: z.number().int().min(0).max(1000),
      kick_times: z.array(instant).max(1000).optional(),
    }),
  },
  {
    path: "appointments",
    table: "health_appointments",
    order: "scheduled_at",
    label: "Appointments",
    input: z.object({
      pregnancy_id: z.uuid(),
      scheduled_at: instant,
      appointment_type: z.string().max(50).nullable().optional(),
      title: z.string().max(200).nullable().optional(),
      location: z.string().max(200).nullable().optional(),
      notes: z.string().max(4000).nullable().optional(),
      outcome: z
        .record(z.string(), z.unknown())
        .nullable()
        .optional()
        .describe("What came of it (blood pressure, weight, notes, ...), as an object"),
    }),
  },
] as const;

export const pregnancyTrackingRoutes = createRouter();

for (const child of children) {
  pregnancyTrackingRoutes
    .openapi(
      createRoute({
        method: "get",
        path: `${BASE}/${child.path}`,
        tags,
        security,
        middleware: ownerRead,
        summary: `${child.label} of a pregnancy`,
        request: { query: pregnancyQuery },
        responses: {
          200: { description: child.label, ...json(z.array(anyObject)) },
          ...errorResponses,
        },
      }),
      async (c) => {
        const { pregnancy_id } = c.req.valid("query");
        const rows = await inUserTx(c, (tx) =>
          listForPregnancy(
            tx,
            child.table as PregnancyTable,
            c.var.auth.userId,
            pregnancy_id,
            child.order,
          ),
        );
        return c.json(rows, 200);
      },
    )
    .openapi(
      createRoute({
        method: "post",
        path: `${BASE}/${child.path}`,
        tags,
        security,
        middleware: ownerWrite,
        summary: `Add to ${child.label.toLowerCase()}`,
        request: { body: { ...json(child.input as z.ZodObject), required: true } },
        responses: { 201: { description: "Created", ...json(anyObject) }, ...errorResponses },
      }),
      async (c) => {
        const body = c.req.valid("json") as Record<string, unknown> & { pregnancy_id: string };
        const { userId } = c.var.auth;
        const row = await inUserTx(c, async (tx) => {
          await requirePregnancy(tx, userId, body.pregnancy_id);
          return insertRow(tx, child.table, { ...body, user_id: userId });
        });
        return c.json(row, 201);
      },
    )
    .openapi(
      createRoute({
        method: "delete",
        path: `${BASE}/${child.path}/{id}`,
        tags,
        security,
        middleware: ownerWrite,
        summary: `Delete one of the ${child.label.toLowerCase()}`,
        request: { params: idParams("id") },
        responses: { 204: { description: "Deleted" }, ...errorResponses },
      }),
      async (c) => {
        const id = requireId(c.req.valid("param").id, "Not found.");
        const done = await inUserTx(c, (tx) => deleteRow(tx, child.table, c.var.auth.userId, id));
        found(done || null, "Not found.");
        return c.body(null, 204);
      },
    );
}

pregnancyTrackingRoutes
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/contractions`,
      tags,
      security,
      middleware: ownerRead,
      summary: "Contractions of the current pregnancy with duration and interval in seconds",
      request: { query: pregnancyQuery.partial() },
      responses: {
        200: { description: "Timed contractions", ...json(anyObject) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { pregnancy_id } = c.req.valid("query");
      const { userId } = c.var.auth;
      const rows = await inUserTx(c, async (tx) => {
        const id =
          pregnancy_id ??
          (
            await tx<{ id: string }[]>`
          select id from pregnancies where user_id = ${userId} and status = 'active'
           order by created_at desc limit 1`
          )[0]?.id;
        if (!id) return [];
        return listForPregnancy(tx, "pregnancy_contractions", userId, id, "started_at");
      });
      const contractions = timeContractions(rows as never);
      return c.json({ contractions }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: `${BASE}/contractions`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Start timing a contraction",
      request: {
        body: {
          ...json(z.object({ pregnancy_id: z.uuid(), started_at: instant.optional() })),
          required: true,
        },
      },
      responses: { 201: { description: "Started", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { userId } = c.var.auth;
      const row = await inUserTx(c, async (tx) => {
        await requirePregnancy(tx, userId, body.pregnancy_id);
        const startedAt = body.started_at ? new Date(body.started_at) : new Date();
        return insertRow(tx, "pregnancy_contractions", {
          ...body,
          started_at: startedAt,
          user_id: userId,
        });
      });
      return c.json(row, 201);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/contractions/{id}`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "End a contraction or set its intensity",
      request: {
        params: idParams("id"),
        body: {
          ...json(
            z.object({
              ended_at: instant.nullable().optional(),
              intensity: z.number().int().min(1).max(10).nullable().optional(),
            }),
          ),
          required: true,
        },
      },
      responses: { 200: { description: "Updated", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, "Contraction not found.");
      const body = c.req.valid("json");
      const change = { ...body, ended_at: body.ended_at ? new Date(body.ended_at) : body.ended_at };
      const row = await inUserTx(c, (tx) =>
        updateRow(tx, "pregnancy_contractions", c.var.auth.userId, id, change),
      );
      return c.json(found(row, "Contraction not found."), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/checklist`,
      tags,
      security,
      middleware: ownerRead,
      summary: "The pregnancy's checklist by week",
      request: { query: pregnancyQuery },
      responses: { 200: { description: "Items", ...json(z.array(anyObject)) }, ...errorResponses },
    }),
    async (c) => {
      const { pregnancy_id } = c.req.valid("query");
      const rows = await inUserTx(c, (tx) =>
        listForPregnancy(tx, "pregnancy_checklist_items", c.var.auth.userId, pregnancy_id, "week"),
      );
      return c.json(rows, 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/checklist`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Add or change a checklist item (completed ticks it off)",
      request: { body: { ...json(checklistInput), required: true } },
      responses: { 200: { description: "Item", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { userId } = c.var.auth;
      const row = await inUserTx(c, async (tx) => {
        if (!body.id) {
          if (!body.pregnancy_id || body.week === undefined) {
            throw new HttpError(400, "A new checklist item needs pregnancy_id and week.");
          }
          await requirePregnancy(tx, userId, body.pregnancy_id);
        }
        return upsertChecklistItem(tx, userId, body);
      });
      return c.json(found(row, "Checklist item not found."), 200);
    },
  );
