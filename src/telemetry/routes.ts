import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { createRouter } from "../http/router.ts";
import { entryExists } from "../workouts/read-queries.ts";
import { UUID } from "../workouts/routes.ts";
import { getGpsTrack, listHrZones, listLaps, listMetricSamples } from "./read-queries.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD");
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const notFound = json(z.object({ error: z.string() }), "Not found, or not the caller's");

function workoutRoute<P extends string>(path: P, summary: string, data: z.ZodType) {
  return createRoute({
    method: "get",
    path,
    summary,
    tags: ["Workout telemetry"],
    middleware: [requireUser()] as const,
    request: { params: z.object({ entryId: z.string() }) },
    responses: { 200: json(z.object({ data }), summary), 404: notFound },
  });
}

const row = z.record(z.string(), z.unknown());
const gps = workoutRoute(
  "/api/generic-health/workout-gps/{entryId}",
  "The workout's GPS track: one object whose `points` hold every point, or null",
  row.nullable(),
);
const laps = workoutRoute(
  "/api/generic-health/workout-laps/{entryId}",
  "The workout's laps with server-computed summaries",
  z.array(row),
);
const zones = workoutRoute(
  "/api/generic-health/workout-hr-zones/{entryId}",
  "Seconds in each of five heart-rate zones, with bpm bounds",
  z.array(row),
);
const samples = createRoute({
  method: "get",
  path: "/api/generic-health/samples",
  summary: "A metric's samples per day and source (date, or startDate to endDate)",
  tags: ["Workout telemetry"],
  middleware: [requireUser()] as const,
  request: {
    query: z.object({
      metric: z.string().min(1),
      date: day.optional(),
      startDate: day.optional(),
      endDate: day.optional(),
    }),
  },
  responses: { 200: json(z.object({ data: z.array(row) }), "Samples by day and source") },
});

// The entry must be the caller's: another user's id answers 404 like a missing one.
function readWorkoutChild<T>(c: Context<AppEnv>, read: (tx: Tx, entryId: string) => Promise<T>) {
  const { db, auth } = c.var;
  const entryId = c.req.param("entryId") ?? "";
  return db.withUser(
    auth.userId,
    async (tx) => {
      if (!UUID.test(entryId) || !(await entryExists(tx, auth.userId, entryId)))
        throw new HttpError(404, "Exercise entry not found.");
      return read(tx, entryId);
    },
    auth.actorId,
  );
}

/** Workout telemetry and metric samples, read back by a session or bearer token. */
export const telemetryRoutes = createRouter()
  .openapi(gps, async (c) => c.json({ data: await readWorkoutChild(c, getGpsTrack) }, 200))
  .openapi(laps, async (c) => c.json({ data: [...(await readWorkoutChild(c, listLaps))] }, 200))
  .openapi(zones, async (c) => c.json({ data: [...(await readWorkoutChild(c, listHrZones))] }, 200))
  .openapi(samples, async (c) => {
    const { metric, date, startDate, endDate } = c.req.valid("query");
    const from = date ?? startDate;
    if (!from) throw new HttpError(400, "date (or startDate) is required as YYYY-MM-DD.");
    const to = date ?? endDate ?? from;
    const { db, auth } = c.var;
    const data = await db.withUser(
      auth.userId,
      (tx) => listMetricSamples(tx, auth.userId, metric, from, to),
      auth.actorId,
    );
    return c.json({ data }, 200);
  });
