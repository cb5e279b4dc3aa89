import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Tx } from "../db.ts";
import type { AppEnv } from "../http/context.ts";
import { access } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { listActiveCalories } from "./read-queries.ts";

// Water, sleep, mood and custom measurements are read through the trackers' routes.
const activeCalories = createRoute({
  method: "get",
  path: "/api/measurements/active-calories/{date}",
  summary: "Active calories of a day, one entry per source",
  tags: ["Health data"],
  // Check-in data in the spec's permission table; reads follow the read-downgrade.
  middleware: [access("can_manage_checkin", false)] as const,
  request: { params: z.object({ date: calendarDay }) },
  responses: {
    200: {
      description: "One entry per source",
      content: { "application/json": { schema: z.array(z.record(z.string(), z.unknown())) } },
    },
  },
});

// Runs fn as the caller, on whose behalf RLS then filters every row.
function asCaller<T>(c: Context<AppEnv>, fn: (tx: Tx, userId: string) => Promise<T>): Promise<T> {
  const { auth, db } = c.var;
  return db.withUser(auth.userId, (tx) => fn(tx, auth.userId), auth.actorId);
}

/** Reading back what health-data sync wrote; a session or bearer token, the caller's own data. */
export const healthDataReadRoutes = createRouter().openapi(activeCalories, async (c) => {
  const { date } = c.req.valid("param");
  return c.json(await asCaller(c, (tx, userId) => listActiveCalories(tx, userId, date)), 200);
});
