import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { answerBody } from "../http/bytes-body.ts";
import { etagHeader, ifNoneMatchTags, matchesIfNoneMatch } from "../http/conditional.ts";
import type { AppEnv } from "../http/context.ts";
import { access } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { preferredEncoding, type Encoding } from "../lib/compression.ts";
import { entryExists } from "../workouts/read-queries.ts";
import { UUID } from "../workouts/routes.ts";
import { listHrZones, listLaps, listSessions } from "./read-queries.ts";
import { readSamples } from "./samples-read.ts";
import { readTrack } from "./track-read.ts";

// Health telemetry is check-in data in the spec's permission table; reads only.
const readAccess: MiddlewareHandler<AppEnv> = access("can_manage_checkin", false);
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const notFound = json(z.object({ error: z.string() }), "Not found, or not the caller's");
const notModified = { description: "The client's copy (If-None-Match) is current" };
const format = z
  .enum(["points", "columns"])
  .optional()
  .openapi({ description: "points (default): an object per point; columns: an array per channel" });
const entryParams = z.object({ entryId: z.string() });
const row = z.record(z.string(), z.unknown());

function workoutRoute<P extends string>(path: P, summary: string, data: z.ZodType) {
  return createRoute({
    method: "get",
    path,
    summary,
    tags: ["Workout telemetry"],
    middleware: [readAccess] as const,
    request: { params: entryParams },
    responses: { 200: json(z.object({ data }), summary), 404: notFound },
  });
}

const gps = createRoute({
  method: "get",
  path: "/api/generic-health/workout-gps/{entryId}",
  summary:
    "The workout's GPS track (or null): `points` holds every point, or with format=columns " +
    "the base time, `t_offset_ms` and one array per channel. Precompressed; strong ETag.",
  tags: ["Workout telemetry"],
  middleware: [readAccess] as const,
  request: { params: entryParams, query: z.object({ format }) },
  responses: {
    200: json(z.object({ data: row.nullable() }), "The track"),
    304: notModified,
    404: notFound,
  },
});
const laps = workoutRoute(
  "/api/generic-health/workout-laps/{entryId}",
  "The workout's laps: the figures its device recorded (a file's laps), the rest computed " +
    "from the series",
  z.array(row),
);
const sessions = workoutRoute(
  "/api/generic-health/workout-sessions/{entryId}",
  "An imported activity file's sessions (a multisport activity's legs: sport, times, the " +
    "device's totals, lap range, set count, a pool swim's lengths, SWOLF and rests)",
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
  summary:
    "A metric's samples per day and source (date, or startDate to endDate); " +
    "format=columns gives `t_offset_ms` and `value` arrays; `status` is the day's status " +
    "word from its source (Garmin's HRV status) or null. Strong ETag.",
  tags: ["Workout telemetry"],
  middleware: [readAccess] as const,
  request: {
    query: z.object({
      metric: z.string().min(1),
      date: calendarDay.optional(),
      startDate: calendarDay.optional(),
      endDate: calendarDay.optional(),
      format,
    }),
  },
  responses: {
    200: json(z.object({ data: z.array(row) }), "Samples by day and source"),
    304: notModified,
  },
});

// The entry must be the caller's: another user's id answers 404 like a missing one.
function readWorkoutChild<T>(c: Context<AppEnv>, read: (tx: Tx, entryId: string) => Promise<T>) {
  const { db, auth } = c.var;
  const entryId = c.req.param("entryId") ?? "";
  if (!UUID.test(entryId)) throw new HttpError(404, "Exercise entry not found.");
  return db.withUser(
    auth.userId,
    async (tx) => {
      if (!(await entryExists(tx, auth.userId, entryId)))
        throw new HttpError(404, "Exercise entry not found.");
      return read(tx, entryId);
    },
    auth.actorId,
  );
}

/**
 * Answers JSON text or bytes with a strong ETag, or 304 when the client's copy is current
 * (`body` is null only then).
 */
function sendTagged(
  c: Context<AppEnv>,
  tag: string,
  body: string | Uint8Array | null,
  encoding: Encoding = "identity",
) {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    ETag: etagHeader(tag, encoding),
    "Cache-Control": "private, no-cache",
    Vary: "Accept-Encoding",
  };
  if (body === null || matchesIfNoneMatch(c.req.header("If-None-Match"), tag))
    return c.body(null, 304, headers);
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  return c.body(answerBody(body as string | Uint8Array<ArrayBuffer>), 200, headers);
}

/** Workout telemetry and metric samples, read back by a session or bearer token. */
export const telemetryRoutes = createRouter()
  .openapi(gps, async (c) => {
    const entryId = c.req.valid("param").entryId;
    if (!UUID.test(entryId)) throw new HttpError(404, "Exercise entry not found.");
    const request = {
      entryId,
      format: c.req.valid("query").format ?? "points",
      encoding: preferredEncoding(c.req.header("Accept-Encoding")),
      clientTags: ifNoneMatchTags(c.req.header("If-None-Match")),
    };
    const { db, auth } = c.var;
    const track = await db.withUser(
      auth.userId,
      (tx) => readTrack(tx, auth, request),
      auth.actorId,
    );
    if (!track) return c.json({ data: null }, 200);
    return sendTagged(c, track.tag, track.body, request.encoding);
  })
  .openapi(laps, async (c) => c.json({ data: [...(await readWorkoutChild(c, listLaps))] }, 200))
  .openapi(sessions, async (c) =>
    c.json({ data: [...(await readWorkoutChild(c, listSessions))] }, 200),
  )
  .openapi(zones, async (c) => c.json({ data: [...(await readWorkoutChild(c, listHrZones))] }, 200))
  .openapi(samples, async (c) => {
    const { metric, date, startDate, endDate, format } = c.req.valid("query");
    const from = date ?? startDate;
    if (!from) throw new HttpError(400, "date (or startDate) is required as YYYY-MM-DD.");
    const { db, auth } = c.var;
    const request = {
      userId: auth.userId,
      metric,
      from,
      to: date ?? endDate ?? from,
      format: format ?? "points",
      clientTags: ifNoneMatchTags(c.req.header("If-None-Match")),
    };
    const answer = await readSamples(
      {
        statement: (statement) =>
          db.statementAsUser(auth.userId, (sql) => statement(sql as unknown as Tx), auth.actorId),
        transaction: (read) => db.withUser(auth.userId, read, auth.actorId),
      },
      request,
    );
    // Compressed on the way out (compressResponses), which marks the tag with the encoding.
    return sendTagged(c, answer.tag, answer.body);
  });
