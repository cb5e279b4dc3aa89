import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { access } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import { calendarDay as day } from "../lib/calendar-day.ts";
import { getEntry, listEntriesByDate } from "./read-queries.ts";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const entry = z.record(z.string(), z.unknown());
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const byDate = createRoute({
  method: "get",
  path: "/api/exercise-entries/by-date",
  summary: "Exercise entries of a day, with telemetry summary and sets",
  tags: ["Exercise"],
  middleware: [access("can_manage_diary", false)] as const,
  request: { query: z.object({ selectedDate: day }) },
  responses: { 200: json(z.array(entry), "The day's entries") },
});

const byId = createRoute({
  method: "get",
  path: "/api/exercise-entries/{id}",
  summary: "One exercise entry with telemetry summary, record_timezone, source, source_id, sets",
  tags: ["Exercise"],
  middleware: [access("can_manage_diary", false)] as const,
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: json(entry, "The entry"),
    404: json(z.object({ error: z.string() }), "Not found, or not the caller's"),
  },
});

/** Reading exercise entries back; RLS limits every query to the caller's rows. */
export const exerciseEntryRoutes = createRouter()
  .openapi(byDate, async (c) => {
    const { selectedDate } = c.req.valid("query");
    const { db, auth } = c.var;
    const entries = await db.withUser(
      auth.userId,
      (tx) => listEntriesByDate(tx, auth.userId, selectedDate),
      auth.actorId,
    );
    return c.json([...entries], 200);
  })
  .openapi(byId, async (c) => {
    const { id } = c.req.valid("param");
    const { db, auth } = c.var;
    // A malformed id names nobody's entry: the same 404 without a database error.
    const found = UUID.test(id)
      ? await db.withUser(auth.userId, (tx) => getEntry(tx, auth.userId, id), auth.actorId)
      : undefined;
    if (!found) throw new HttpError(404, "Exercise entry not found.");
    return c.json(found, 200);
  });
