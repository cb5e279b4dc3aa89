import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../http/router.ts";
import {
  bearerSecurity as security,
  errorResponses,
  found,
  idParams,
  json,
  requireId,
} from "../http/openapi-kit.ts";
import { readAccess, requireDiaryWriteFor, writeAccess } from "./access.ts";
import { deleteById } from "./delete-route.ts";
import { inUserTx } from "../http/user-tx.ts";
import { allRowsAsCaller } from "../http/route-kit.ts";
import {
  attachSchedules,
  deleteMedication,
  deleteSchedule,
  findMedication,
  insertMedication,
  insertSchedule,
  updateMedication,
  updateSchedule,
  listMedicationsWithSchedules,
  withSchedules,
} from "./queries.ts";
import {
  medicationInput,
  medicationRow,
  medicationUpdate,
  scheduleInput,
  scheduleRow,
  scheduleUpdate,
} from "./schemas.ts";

const BASE = "/api/v2/medications";
const tags = ["Medications"];
const NOT_FOUND = "Medication not found.";
const SCHEDULE_NOT_FOUND = "Medication schedule not found.";

export const medicationRoutes = createRouter();

medicationRoutes
  .openapi(
    createRoute({
      method: "get",
      path: BASE,
      summary: "The user's medications and supplements, each with its schedules",
      tags,
      security,
      middleware: readAccess,
      request: { query: z.object({ activeOnly: z.enum(["true", "false"]).optional() }) },
      responses: {
        200: { description: "Medications", ...json(z.array(medicationRow)) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const activeOnly = c.req.valid("query").activeOnly === "true";
      const [medications, schedules] = await allRowsAsCaller(c, (tx, userId) =>
        listMedicationsWithSchedules(tx, userId, activeOnly),
      );
      return c.json(attachSchedules(medications, schedules), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/{id}`,
      summary: "One medication with its schedules",
      tags,
      security,
      middleware: readAccess,
      request: { params: idParams("id") },
      responses: {
        200: { description: "The medication", ...json(medicationRow) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, NOT_FOUND);
      const { userId } = c.var.auth;
      const row = await inUserTx(c, async (tx) => {
        const medication = found(await findMedication(tx, userId, id), NOT_FOUND);
        return (await withSchedules(tx, userId, [medication]))[0];
      });
      return c.json(row, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: BASE,
      summary: "Add a medication or supplement (nutrition also needs can_manage_diary)",
      tags,
      security,
      middleware: writeAccess,
      request: { body: { ...json(medicationInput), required: true } },
      responses: { 201: { description: "Created", ...json(medicationRow) }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      await requireDiaryWriteFor(c, body.nutrients);
      const row = await inUserTx(c, (tx) => insertMedication(tx, c.var.auth.userId, body));
      return c.json(row, 201);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/{id}`,
      summary: "Change the fields sent (nutrition also needs can_manage_diary)",
      tags,
      security,
      middleware: writeAccess,
      request: { params: idParams("id"), body: { ...json(medicationUpdate), required: true } },
      responses: { 200: { description: "Updated", ...json(medicationRow) }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, NOT_FOUND);
      const body = c.req.valid("json");
      await requireDiaryWriteFor(c, body.nutrients);
      const row = await inUserTx(c, (tx) => updateMedication(tx, c.var.auth.userId, id, body));
      return c.json(found(row, NOT_FOUND), 200);
    },
  )
  .openapi(
    ...deleteById({
      path: `${BASE}/{id}`,
      summary: "Delete a medication with its schedules, doses, pens and injections",
      tag: "Medications",
      notFound: NOT_FOUND,
      remove: deleteMedication,
    }),
  )
  .openapi(
    createRoute({
      method: "post",
      path: `${BASE}/{medicationId}/schedules`,
      summary:
        "Add a schedule: daily, weekly or specific_days on days_of_week, every_n_days, monthly on day_of_month, cyclic (cycle_on_days then cycle_off_days from start_date), taper, or prn (as needed)",
      tags,
      security,
      middleware: writeAccess,
      request: {
        params: idParams("medicationId"),
        body: { ...json(scheduleInput), required: true },
      },
      responses: { 201: { description: "Created", ...json(scheduleRow) }, ...errorResponses },
    }),
    async (c) => {
      const medicationId = requireId(c.req.valid("param").medicationId, NOT_FOUND);
      const body = c.req.valid("json");
      const { userId } = c.var.auth;
      const row = await inUserTx(c, async (tx) => {
        found(await findMedication(tx, userId, medicationId), NOT_FOUND);
        return insertSchedule(tx, userId, medicationId, body);
      });
      return c.json(row, 201);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/schedules/{id}`,
      summary: "Change the fields sent of a schedule",
      tags,
      security,
      middleware: writeAccess,
      request: { params: idParams("id"), body: { ...json(scheduleUpdate), required: true } },
      responses: { 200: { description: "Updated", ...json(scheduleRow) }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, SCHEDULE_NOT_FOUND);
      const body = c.req.valid("json");
      const row = await inUserTx(c, (tx) => updateSchedule(tx, c.var.auth.userId, id, body));
      return c.json(found(row, SCHEDULE_NOT_FOUND), 200);
    },
  )
  .openapi(
    ...deleteById({
      path: `${BASE}/schedules/{id}`,
      summary: "Delete a schedule (logged doses stay, unlinked)",
      tag: "Medications",
      notFound: SCHEDULE_NOT_FOUND,
      remove: deleteSchedule,
    }),
  );
