import { z } from "@hono/zod-openapi";
import { createRouter } from "../http/router.ts";
import { access, allRowsAsCaller, errorResponses, json, routeIn } from "../http/route-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { paginationSchema } from "./exercise-schemas.ts";
import { daySessionStatements, historyPage, historyStatements } from "./history-queries.ts";
import { groupEntries } from "./session-view.ts";

const read = access("can_manage_diary", false);
const route = routeIn(["Exercise"]);
const sessionList = z.array(z.record(z.string(), z.unknown()));

/** The v2 reads of the phone app: entries grouped into logged sessions. */
export const v2EntryRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/v2/exercise-entries/by-date",
      summary: "A day's sessions (type 'preset', with exercises) and single entries ('individual')",
      middleware: read,
      request: { query: z.object({ selectedDate: calendarDay }) },
      responses: { 200: json(sessionList, "The day's sessions in order"), ...errorResponses },
    }),
    async (c) => {
      const { selectedDate } = c.req.valid("query");
      const [entries, sessions] = await allRowsAsCaller(c, (tx, u) =>
        daySessionStatements(tx, u, selectedDate),
      );
      return c.json(groupEntries(entries, sessions), 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/v2/exercise-entries/history",
      summary: "Sessions and entries, newest first, page by page; optionally of one exercise",
      middleware: read,
      request: {
        query: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
          exerciseId: z.uuid().optional(),
        }),
      },
      responses: {
        200: json(z.object({ sessions: sessionList, pagination: paginationSchema }), "A page"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { page, pageSize, exerciseId } = c.req.valid("query");
      const offset = (page - 1) * pageSize;
      const found = historyPage(
        ...(await allRowsAsCaller(c, (tx, u) =>
          historyStatements(tx, u, { limit: pageSize, offset, exerciseId: exerciseId ?? null }),
        )),
      );
      const pagination = {
        page,
        pageSize,
        totalCount: found.total,
        hasMore: offset + pageSize < found.total,
      };
      return c.json({ sessions: found.sessions, pagination }, 200);
    },
  );
