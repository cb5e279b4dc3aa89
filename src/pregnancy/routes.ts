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
import { inUserTx } from "../http/user-tx.ts";
import { rowsAsCaller } from "../http/route-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { dayInZone, userZone } from "../database/user-zone.ts";
import { removeUpload } from "../storage/uploads.ts";
import { ownerRead, ownerWrite } from "../cycle/access.ts";
import { dueDateFrom, gestationOn } from "./gestation.ts";
import {
  currentPregnancy,
  deleteRow,
  findPregnancy,
  insertRow,
  listForPregnancy,
  nextAppointment,
  selectCurrentPregnancy,
  updateRow,
} from "./queries.ts";

const BASE = "/api/v2/pregnancy";
const tags = ["Pregnancy"];
const NOT_FOUND = "Pregnancy not found.";
const anyObject = z.object({}).passthrough();

const pregnancyInput = z.object({
  due_date: calendarDay.optional(),
  due_date_basis: z.enum(["lmp", "conception", "manual", "scan"]).optional(),
  lmp_date: calendarDay.nullable().optional(),
  conception_date: calendarDay.nullable().optional(),
  fetus_count: z.number().int().min(1).max(8).optional(),
  status: z.enum(["active", "ended"]).optional(),
  ended_on: calendarDay.nullable().optional(),
  outcome: z.string().trim().max(30).nullable().optional(),
  notes: z.string().max(4000).nullable().optional(),
});

/**
 * The due date and its basis: a date sent wins (by hand unless the basis sent says how it
 * was found), else the last period, else conception.
 */
function dueDateOf(body: z.infer<typeof pregnancyInput>) {
  if (body.due_date) {
    return { due_date: body.due_date, due_date_basis: body.due_date_basis ?? "manual" };
  }
  const derived = dueDateFrom(body);
  if (!derived) return null;
  return { due_date: derived, due_date_basis: body.lmp_date ? "lmp" : "conception" };
}

export const pregnancyRoutes = createRouter();

pregnancyRoutes
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/current`,
      tags,
      security,
      middleware: ownerRead,
      summary: "The active pregnancy, or null",
      responses: {
        200: { description: "Pregnancy or null", ...json(anyObject.nullable()) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const [row] = await rowsAsCaller(c, selectCurrentPregnancy);
      return c.json(row ?? null, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/overview`,
      tags,
      security,
      middleware: ownerRead,
      summary: "The current week, checklist progress, next appointment and recent kick counts",
      request: { query: z.object({ date: calendarDay.optional() }) },
      responses: { 200: { description: "Overview", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const { date } = c.req.valid("query");
      const { userId } = c.var.auth;
      const overview = await inUserTx(c, async (tx) => {
        const day = date ?? dayInZone(new Date(), await userZone(tx));
        const pregnancy = await currentPregnancy(tx, userId);
        if (!pregnancy) return { pregnancy: null, date: day };
        const checklist = await listForPregnancy(
          tx,
          "pregnancy_checklist_items",
          userId,
          pregnancy.id,
          "week",
        );
        const kicks = await listForPregnancy(
          tx,
          "pregnancy_kick_sessions",
          userId,
          pregnancy.id,
          "started_at",
        );
        return {
          pregnancy,
          date: day,
          gestation: gestationOn(pregnancy.due_date, day),
          checklistProgress: {
            done: checklist.filter((i) => i.completed_at).length,
            total: checklist.filter((i) => !i.dismissed).length,
          },
          nextAppointment: await nextAppointment(tx, userId, pregnancy.id),
          recentKickSessions: kicks.slice(-5).reverse(),
        };
      });
      return c.json(overview, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: BASE,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Start tracking a pregnancy: due date given, or from the last period or conception",
      request: { body: { ...json(pregnancyInput), required: true } },
      responses: { 201: { description: "Created", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const due = dueDateOf(body);
      if (!due) throw new HttpError(400, "Send due_date, lmp_date or conception_date.");
      const row = await inUserTx(c, (tx) =>
        insertRow(tx, "pregnancies", { ...body, ...due, user_id: c.var.auth.userId }),
      );
      return c.json(row, 201);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/{id}`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Change the fields sent; a new last-period date recomputes the due date",
      request: { params: idParams("id"), body: { ...json(pregnancyInput), required: true } },
      responses: { 200: { description: "Updated", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, NOT_FOUND);
      const body = c.req.valid("json");
      const row = await inUserTx(c, (tx) =>
        updateRow(tx, "pregnancies", c.var.auth.userId, id, { ...body, ...dueDateOf(body) }),
      );
      return c.json(found(row, NOT_FOUND), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: `${BASE}/{id}`,
      tags,
      security,
      middleware: ownerWrite,
      summary:
        "Delete a pregnancy with its kicks, contractions, checklist, appointments and photos",
      request: { params: idParams("id") },
      responses: { 204: { description: "Deleted" }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, NOT_FOUND);
      const { userId } = c.var.auth;
      const photos = await inUserTx(c, async (tx) => {
        found(await findPregnancy(tx, userId, id), NOT_FOUND);
        const rows = await listForPregnancy(tx, "pregnancy_photos", userId, id, "entry_date");
        await deleteRow(tx, "pregnancies", userId, id);
        return rows;
      });
      // After the commit, as for check-in photos: a file left behind is only wasted space.
      for (const photo of photos) await removeUpload(c.var.config.uploadsDir, photo.file_path);
      return c.body(null, 204);
    },
  );
