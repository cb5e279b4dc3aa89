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
import { inUserTx } from "../http/user-tx.ts";
import { rowsAsCaller } from "../http/route-kit.ts";
import { ownerRead, ownerWrite } from "./access.ts";
import { cycleInsights, fertilityDetails, withCycleLengths } from "./overview.ts";
import {
  deletePeriod,
  deleteTest,
  findSettings,
  insertPeriod,
  listLogs,
  listPeriods,
  listTests,
  updatePeriod,
  upsertTest,
} from "./queries.ts";
import { anyObject, cycleInput, dateQuery, rangeQuery, testInput } from "./schemas.ts";
import { cycleStats } from "./predictions.ts";

const BASE = "/api/v2/cycle";
const tags = ["Cycle"];
const CYCLE_NOT_FOUND = "Cycle not found.";
const TEST_NOT_FOUND = "Test entry not found.";

export const cycleHistoryRoutes = createRouter();

cycleHistoryRoutes
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/cycles`,
      tags,
      security,
      middleware: ownerRead,
      summary: "Periods with their cycle lengths, newest first",
      request: { query: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }) },
      responses: { 200: { description: "Cycles", ...json(z.array(anyObject)) }, ...errorResponses },
    }),
    async (c) => {
      const { limit } = c.req.valid("query");
      const periods = await rowsAsCaller(c, listPeriods);
      return c.json(
        withCycleLengths(periods)
          .reverse()
          .slice(0, limit ?? 500),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: `${BASE}/cycles`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Record a period by hand",
      request: { body: { ...json(cycleInput), required: true } },
      responses: { 201: { description: "Created", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(await inUserTx(c, (tx) => insertPeriod(tx, c.var.auth.userId, body)), 201);
    },
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${BASE}/cycles/{id}`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Change a period (it becomes a manual one); is_excluded leaves it out of stats",
      request: { params: idParams("id"), body: { ...json(cycleInput.partial()), required: true } },
      responses: { 200: { description: "Updated", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, CYCLE_NOT_FOUND);
      const body = c.req.valid("json");
      const row = await inUserTx(c, (tx) => updatePeriod(tx, c.var.auth.userId, id, body));
      return c.json(found(row, CYCLE_NOT_FOUND), 200);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: `${BASE}/cycles/{id}`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Delete a period",
      request: { params: idParams("id") },
      responses: { 204: { description: "Deleted" }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, CYCLE_NOT_FOUND);
      found(
        (await inUserTx(c, (tx) => deletePeriod(tx, c.var.auth.userId, id))) || null,
        CYCLE_NOT_FOUND,
      );
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/tests`,
      tags,
      security,
      middleware: ownerRead,
      summary: "Ovulation (opk) and pregnancy (hpt) tests between two days",
      request: { query: rangeQuery },
      responses: { 200: { description: "Tests", ...json(z.array(anyObject)) }, ...errorResponses },
    }),
    async (c) => {
      const { startDate, endDate } = c.req.valid("query");
      return c.json(
        await inUserTx(c, (tx) => listTests(tx, c.var.auth.userId, startDate, endDate)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: `${BASE}/tests`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Record a test result",
      request: { body: { ...json(testInput), required: true } },
      responses: { 201: { description: "Created", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const row = { ...body, tested_at: body.tested_at ? new Date(body.tested_at) : new Date() };
      return c.json(await inUserTx(c, (tx) => upsertTest(tx, c.var.auth.userId, row)), 201);
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: `${BASE}/tests/{id}`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Delete a test result",
      request: { params: idParams("id") },
      responses: { 204: { description: "Deleted" }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, TEST_NOT_FOUND);
      found(
        (await inUserTx(c, (tx) => deleteTest(tx, c.var.auth.userId, id))) || null,
        TEST_NOT_FOUND,
      );
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/fertility`,
      tags,
      security,
      middleware: ownerRead,
      summary: "Estimated fertile window and ovulation (never a contraceptive method)",
      request: { query: dateQuery },
      responses: { 200: { description: "Fertility", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const { date } = c.req.valid("query");
      return c.json(await inUserTx(c, (tx) => fertilityDetails(tx, c.var.auth.userId, date)), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/insights`,
      tags,
      security,
      middleware: ownerRead,
      summary: "Cycle length history, variability, prediction accuracy and unusual cycles",
      responses: { 200: { description: "Insights", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => c.json(await inUserTx(c, (tx) => cycleInsights(tx, c.var.auth.userId)), 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/correlations`,
      tags,
      security,
      middleware: ownerRead,
      summary: "Cycle statistics (symptom correlations are not computed yet)",
      responses: { 200: { description: "Correlations", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const { userId } = c.var.auth;
      const stats = await inUserTx(c, async (tx) =>
        cycleStats(await listPeriods(tx, userId), await findSettings(tx, userId)),
      );
      return c.json({ correlations: [], conditionFlags: [], stats }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/export`,
      tags,
      security,
      middleware: ownerRead,
      summary: "All of the user's cycle data",
      responses: { 200: { description: "Export", ...json(anyObject) }, ...errorResponses },
    }),
    async (c) => {
      const { userId } = c.var.auth;
      const data = await inUserTx(c, async (tx) => ({
        settings: await findSettings(tx, userId),
        cycles: withCycleLengths(await listPeriods(tx, userId)),
        logs: await listLogs(tx, userId, "1900-01-01", "2200-12-31"),
        tests: await listTests(tx, userId, "1900-01-01", "2200-12-31"),
      }));
      return c.json(data, 200);
    },
  );
