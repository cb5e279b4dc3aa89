import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { createRouter } from "../http/router.ts";
import { bearerSecurity as security, errorResponses, json } from "../http/openapi-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { inUserTx } from "../http/user-tx.ts";
import { ownerRead, ownerWrite } from "./access.ts";
import { syncDerivedPeriods } from "./derive-periods.ts";
import { cycleOverview } from "./overview.ts";
import { deleteLog, findLog, findSettings, listLogs, saveSettings, upsertLog } from "./queries.ts";
import {
  anyObject,
  bulkLogInput,
  dateQuery,
  logInput,
  rangeQuery,
  settingsInput,
} from "./schemas.ts";

const BASE = "/api/v2/cycle";
const tags = ["Cycle"];
const dateParam = z.object({ date: calendarDay.openapi({ param: { name: "date", in: "path" } }) });
const MAX_RANGE_DAYS = 800;

export const cycleRoutes = createRouter();

cycleRoutes
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/settings`,
      tags,
      security,
      middleware: ownerRead,
      summary: "Cycle settings (typical cycle and period length), or null before the first save",
      responses: {
        200: { description: "Settings or null", ...json(anyObject.nullable()) },
        ...errorResponses,
      },
    }),
    async (c) => c.json(await inUserTx(c, (tx) => findSettings(tx, c.var.auth.userId)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/settings`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Save the settings sent (mark_onboarded / reset_onboarding set the onboarding time)",
      request: { body: { ...json(settingsInput), required: true } },
      responses: { 200: { description: "Settings", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(await inUserTx(c, (tx) => saveSettings(tx, c.var.auth.userId, body)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/overview`,
      tags,
      security,
      middleware: ownerRead,
      summary: "Cycle day, phase, predictions with confidence, stats and the day's log",
      request: { query: dateQuery },
      responses: { 200: { description: "Overview", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const { date } = c.req.valid("query");
      return c.json(await inUserTx(c, (tx) => cycleOverview(tx, c.var.auth.userId, date)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/logs`,
      tags,
      security,
      middleware: ownerRead,
      summary: "Daily logs between two days inclusive",
      request: { query: rangeQuery },
      responses: { 200: { description: "Logs", ...json(z.array(anyObject)) }, ...errorResponses },
    }),
    async (c) => {
      const { startDate, endDate } = c.req.valid("query");
      if (startDate > endDate) throw new HttpError(400, "startDate must not be after endDate.");
      if (Date.parse(endDate) - Date.parse(startDate) > MAX_RANGE_DAYS * 86_400_000) {
        throw new HttpError(400, `The range is limited to ${MAX_RANGE_DAYS} days.`);
      }
      return c.json(
        await inUserTx(c, (tx) => listLogs(tx, c.var.auth.userId, startDate, endDate)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/logs`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Set the flow of several days at once (marking periods); answers the overview",
      request: { body: { ...json(bulkLogInput), required: true } },
      responses: { 200: { description: "Overview", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const days = c.req.valid("json");
      const { userId } = c.var.auth;
      const overview = await inUserTx(c, async (tx) => {
        for (const d of days) await upsertLog(tx, userId, d.date, { flow_level: d.flow_level });
        await syncDerivedPeriods(tx, userId);
        return cycleOverview(tx, userId);
      });
      return c.json(overview, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/logs/{date}`,
      tags,
      security,
      middleware: ownerRead,
      summary: "The day's log, or null",
      request: { params: dateParam },
      responses: {
        200: { description: "Log or null", ...json(anyObject.nullable()) },
        ...errorResponses,
      },
    }),
    async (c) => {
      const day = c.req.valid("param").date;
      return c.json(await inUserTx(c, (tx) => findLog(tx, c.var.auth.userId, day)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/logs/{date}`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Create the day's log or change the fields sent",
      request: { params: dateParam, body: { ...json(logInput), required: true } },
      responses: { 200: { description: "Log", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const day = c.req.valid("param").date;
      const body = c.req.valid("json");
      const { userId } = c.var.auth;
      const row = await inUserTx(c, async (tx) => {
        const saved = await upsertLog(tx, userId, day, body);
        if (body.flow_level !== undefined) await syncDerivedPeriods(tx, userId);
        return saved;
      });
      return c.json(row, 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: `${BASE}/logs/{date}`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Delete the day's log",
      request: { params: dateParam },
      responses: { 204: { description: "Deleted" }, ...errorResponses },
    }),
    async (c) => {
      const day = c.req.valid("param").date;
      const { userId } = c.var.auth;
      const done = await inUserTx(c, async (tx) => {
        const gone = await deleteLog(tx, userId, day);
        if (gone) await syncDerivedPeriods(tx, userId);
        return gone;
      });
      if (!done) throw new HttpError(404, "No cycle log for that day.");
      return c.body(null, 204);
    },
  );
