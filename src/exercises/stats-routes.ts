import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import { access, asCaller, errorResponses, json, routeIn } from "../http/route-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { ONE_REP_MAX_FORMULAS } from "./one-rep-max.ts";
import { listCurrentRecords } from "./records.ts";
import { exerciseSetStats } from "./set-stats-queries.ts";
import { exerciseProgress, exerciseSummary } from "./stats-queries.ts";

// Progress is the diary read back: can_manage_diary, or can_view_reports (read-downgrade).
const read = access("can_manage_diary", false);
const route = routeIn(["Exercise"]);
const anyObject = z.object({}).passthrough();
const range = z.object({ startDate: calendarDay, endDate: calendarDay });
const WHOLE_HISTORY = { startDate: "0001-01-01", endDate: "9999-12-31" };

function checkedRange(q: { startDate: string; endDate: string }) {
  if (q.endDate < q.startDate) throw new HttpError(400, "endDate must not be before startDate.");
  return { start: q.startDate, end: q.endDate };
}

/** Personal records, progress of one exercise, and a date range's summary. */
export const statsRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/personal-records",
      summary:
        "Current personal records (heaviest, best estimated 1RM, most reps at a weight, fastest 1/5/10 km, longest)",
      middleware: read,
      request: { query: z.object({ exerciseId: z.uuid().optional() }) },
      responses: {
        200: json(z.array(anyObject), "The current best of each record"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { exerciseId } = c.req.valid("query");
      return c.json(
        await asCaller(c, (tx, u) => listCurrentRecords(tx, u, exerciseId ?? null)),
        200,
      );
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/v2/exercises/{exerciseId}/stats",
      summary:
        "Progress of one exercise: per entry best set, volume and estimated 1RM by a named formula (whole history without dates); the best, last and three recent sessions' sets",
      middleware: read,
      request: {
        params: z.object({ exerciseId: z.string() }),
        query: range.partial().extend({
          formula: z.enum(ONE_REP_MAX_FORMULAS).default("epley"),
          excludePresetEntryId: z.uuid().optional().describe("A workout to leave out"),
          presetId: z.uuid().optional().describe("Recent sessions of this preset's workouts only"),
        }),
      },
      responses: {
        200: json(
          anyObject,
          "Sessions oldest first, the current records, bestSet, lastSet and recentSessions",
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { exerciseId } = c.req.valid("param");
      const q = c.req.valid("query");
      if (!isUuid(exerciseId)) throw new HttpError(404, "Exercise not found.");
      const r = checkedRange({
        startDate: q.startDate ?? WHOLE_HISTORY.startDate,
        endDate: q.endDate ?? WHOLE_HISTORY.endDate,
      });
      const filter = {
        excludeSessionId: q.excludePresetEntryId ?? null,
        presetId: q.presetId ?? null,
      };
      const stats = await asCaller(c, async (tx, u) => ({
        ...(await exerciseProgress(tx, u, exerciseId, r, q.formula)),
        ...(await exerciseSetStats(tx, u, exerciseId, filter)),
      }));
      return c.json(stats, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/exercise-stats/summary",
      summary:
        "Totals of a date range: entries, active days, time, calories, distance, volume, records",
      middleware: read,
      request: { query: range },
      responses: { 200: json(anyObject, "The summary"), ...errorResponses },
    }),
    async (c) => {
      const r = checkedRange(c.req.valid("query"));
      return c.json(await asCaller(c, (tx, u) => exerciseSummary(tx, u, r)), 200);
    },
  );
