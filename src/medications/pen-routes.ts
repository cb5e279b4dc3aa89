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
import { addDays, dayInZone, daysBetween, userZone } from "../database/user-zone.ts";
import { readAccess, writeAccess } from "./access.ts";
import { deleteById } from "./delete-route.ts";
import { inUserTx } from "../http/user-tx.ts";
import { suggestNextSite } from "./injection-sites.ts";
import {
  deleteInjection,
  deletePen,
  drawFromPen,
  findPen,
  insertInjection,
  insertPen,
  listInjections,
  listPens,
  updatePen,
  type PenRow,
} from "./injection-queries.ts";
import { findMedication } from "./queries.ts";

const BASE = "/api/v2/medications";
const tags = ["Injectables"];
const MED_NOT_FOUND = "Medication not found.";
const PEN_NOT_FOUND = "Pen not found.";
const INJECTION_NOT_FOUND = "Injection not found.";
const anyObject = z.object({}).passthrough();

const penInput = z.object({
  kind: z.enum(["pen", "vial"]).optional(),
  label: z.string().trim().max(100).nullable().optional(),
  dose_mg: z.number().min(0).nullable().optional(),
  concentration_mg_ml: z.number().min(0).nullable().optional(),
  volume_ml: z.number().min(0).nullable().optional(),
  total_units: z.number().positive(),
  remaining_units: z.number().min(0).optional(),
  opened_date: calendarDay.nullable().optional(),
  days_usable_after_opening: z.number().int().min(1).max(3650).nullable().optional(),
  bud_date: calendarDay
    .nullable()
    .optional()
    .describe("Beyond-use date as given (a pharmacy's label); wins over the days after opening"),
  expiry_date: calendarDay.nullable().optional().describe("The maker's expiry date"),
  reorder_flag: z.boolean().optional(),
  reorder_threshold: z.number().int().min(0).max(10000).nullable().optional(),
  status: z.enum(["sealed", "active", "finished", "discarded"]).optional(),
  notes: z.string().max(2000).nullable().optional(),
});
const injectionInput = z.object({
  pen_id: z.uuid().nullable().optional(),
  injected_at: z.iso.datetime({ offset: true }).optional(),
  site: z.string().trim().min(1).max(60).nullable().optional(),
  units: z.number().positive().nullable().optional(),
  dose_mg: z.number().min(0).nullable().optional(),
  notes: z.string().max(2000).nullable().optional(),
});

/**
 * A pen with when it must be discarded: its beyond-use date as given, else opened_date +
 * days usable after opening.
 */
function withExpiry(pen: PenRow, today: string) {
  const expiresOn =
    pen.bud_date ??
    (pen.opened_date && pen.days_usable_after_opening
      ? addDays(pen.opened_date, pen.days_usable_after_opening)
      : null);
  return {
    ...pen,
    expires_on: expiresOn,
    days_until_expiry: expiresOn ? daysBetween(today, expiresOn) : null,
  };
}

const medicationParam = { params: idParams("medicationId") };

export const penRoutes = createRouter();

penRoutes
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/{medicationId}/pens`,
      tags,
      security,
      middleware: readAccess,
      summary: "The medication's pens, with units left and the discard date after opening",
      request: medicationParam,
      responses: { 200: { description: "Pens", ...json(z.array(anyObject)) }, ...errorResponses },
    }),
    async (c) => {
      const medicationId = requireId(c.req.valid("param").medicationId, MED_NOT_FOUND);
      const { userId } = c.var.auth;
      const pens = await inUserTx(c, async (tx) => {
        const today = dayInZone(new Date(), await userZone(tx));
        return (await listPens(tx, userId, medicationId)).map((p) => withExpiry(p, today));
      });
      return c.json(pens, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: `${BASE}/{medicationId}/pens`,
      tags,
      security,
      middleware: writeAccess,
      summary: "Add a pen (remaining units default to the total)",
      request: { ...medicationParam, body: { ...json(penInput), required: true } },
      responses: { 201: { description: "Created", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const medicationId = requireId(c.req.valid("param").medicationId, MED_NOT_FOUND);
      const body = c.req.valid("json");
      const { userId } = c.var.auth;
      const pen = await inUserTx(c, async (tx) => {
        found(await findMedication(tx, userId, medicationId), MED_NOT_FOUND);
        const row = { ...body, remaining_units: body.remaining_units ?? body.total_units };
        const saved = await insertPen(tx, { ...row, user_id: userId, medication_id: medicationId });
        return withExpiry(saved, dayInZone(new Date(), await userZone(tx)));
      });
      return c.json(pen, 201);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/pens/{id}`,
      tags,
      security,
      middleware: writeAccess,
      summary: "Change the fields sent of a pen",
      request: { params: idParams("id"), body: { ...json(penInput.partial()), required: true } },
      responses: { 200: { description: "Updated", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, PEN_NOT_FOUND);
      const body = c.req.valid("json");
      const { userId } = c.var.auth;
      const pen = await inUserTx(c, async (tx) => {
        const saved = found(await updatePen(tx, userId, id, body), PEN_NOT_FOUND);
        return withExpiry(saved, dayInZone(new Date(), await userZone(tx)));
      });
      return c.json(pen, 200);
    },
  )
  .openapi(
    ...deleteById({
      path: `${BASE}/pens/{id}`,
      summary: "Delete a pen (its injections stay, unlinked)",
      tag: "Injectables",
      notFound: PEN_NOT_FOUND,
      remove: deletePen,
    }),
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/{medicationId}/injections`,
      tags,
      security,
      middleware: readAccess,
      summary: "The medication's injections, newest first",
      request: medicationParam,
      responses: {
        200: { description: "Injections", ...json(z.array(anyObject)) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const medicationId = requireId(c.req.valid("param").medicationId, MED_NOT_FOUND);
      const rows = await inUserTx(c, (tx) => listInjections(tx, c.var.auth.userId, medicationId));
      return c.json(rows, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: `${BASE}/{medicationId}/injections`,
      tags,
      security,
      middleware: writeAccess,
      summary: "Log an injection with its site; units are drawn from the pen given",
      request: { ...medicationParam, body: { ...json(injectionInput), required: true } },
      responses: { 201: { description: "Logged", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const medicationId = requireId(c.req.valid("param").medicationId, MED_NOT_FOUND);
      const body = c.req.valid("json");
      const { userId } = c.var.auth;
      const row = await inUserTx(c, async (tx) => {
        found(await findMedication(tx, userId, medicationId), MED_NOT_FOUND);
        if (body.pen_id && body.units) {
          const pen = found(await findPen(tx, userId, medicationId, body.pen_id), PEN_NOT_FOUND);
          if (pen.remaining_units < body.units) {
            throw new HttpError(400, `The pen has only ${pen.remaining_units} units left.`);
          }
          await drawFromPen(tx, userId, pen.id, body.units);
        }
        const injectedAt = body.injected_at ? new Date(body.injected_at) : new Date();
        const entryDate = dayInZone(injectedAt, await userZone(tx));
        return insertInjection(tx, {
          ...body,
          user_id: userId,
          medication_id: medicationId,
          injected_at: injectedAt,
          entry_date: entryDate,
        });
      });
      return c.json(row, 201);
    },
  )
  .openapi(
    ...deleteById({
      path: `${BASE}/injections/{id}`,
      summary: "Delete an injection; its units go back to its pen",
      tag: "Injectables",
      notFound: INJECTION_NOT_FOUND,
      remove: deleteInjection,
    }),
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/{medicationId}/next-site`,
      tags,
      security,
      middleware: readAccess,
      summary: "The suggested next injection site: unused first, else the least recently used",
      request: medicationParam,
      responses: {
        200: { description: "Suggestion and each site's last use", ...json(anyObject) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const medicationId = requireId(c.req.valid("param").medicationId, MED_NOT_FOUND);
      const { userId } = c.var.auth;
      const result = await inUserTx(c, async (tx) => {
        const medication = found(await findMedication(tx, userId, medicationId), MED_NOT_FOUND);
        return suggestNextSite(
          medication.injection_sites,
          await listInjections(tx, userId, medicationId),
        );
      });
      return c.json(result, 200);
    },
  );
