import { z } from "@hono/zod-openapi";
import type { JSONValue } from "hono/utils/types";
import { createRouter } from "../http/router.ts";
import {
  access,
  allRowsAsCaller,
  answerJsonText,
  asCaller,
  errorResponses,
  json,
  routeIn,
} from "../http/route-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { checkRange, rangeQuery } from "../trackers/day-range.ts";
import { buildDays } from "./build-days.ts";
import { dayAnswerJson } from "./day-answer.ts";
import { dayRowOf, readDay } from "./day-statement.ts";
import { reportCsv, type CsvReport } from "./report-csv.ts";
import { buildReports, CSV_REPORTS } from "./reports.ts";

// Summaries and reports gather every log: the spec's can_view_reports (owners always may).
const read = access("can_view_reports", false);
const route = routeIn(["Summary and reports"]);
const loose = z.record(z.string(), z.unknown());
const reportQuery = rangeQuery.extend({
  weekStart: z.coerce
    .number()
    .int()
    .min(0)
    .max(6)
    .default(1)
    .describe("The day training weeks start on: 0 Sunday to 6 Saturday; Monday (ISO) by default"),
});

export const summaryRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/daily-summary",
      summary:
        "A day: intake per meal and nutrient against its goals, exercise, net calories, water, steps, sleep, latest weight",
      middleware: read,
      request: { query: z.object({ date: calendarDay }) },
      responses: { 200: json(loose, "The day's summary"), ...errorResponses },
    }),
    async (c) => {
      const { date } = c.req.valid("query");
      const [, read] = await allRowsAsCaller(c, (tx) => readDay(tx, date));
      return answerJsonText<Record<string, JSONValue>>(c, dayAnswerJson(date, dayRowOf(read)));
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/daily-summary/range",
      summary: "The daily summary of every day of a range (totals, without itemised food)",
      middleware: read,
      request: { query: rangeQuery },
      responses: { 200: json(z.array(loose), "One summary per day"), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const [start, end] = checkRange(query.startDate, query.endDate);
      const days = await asCaller(c, (tx, u) => buildDays(tx, u, start, end));
      return c.json(days, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/reports/mini-nutrition-trends",
      summary: "Nutrient totals per day of a range (the phone app's trend strip)",
      middleware: read,
      request: { query: rangeQuery },
      responses: { 200: json(z.array(loose), "One point per day"), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const [start, end] = checkRange(query.startDate, query.endDate);
      const days = await asCaller(c, (tx, u) => buildDays(tx, u, start, end));
      return c.json(
        days.map((d) => ({ date: d.date, ...d.nutrition.totals })),
        200,
      );
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/reports",
      summary:
        "Weight trend, nutrition against goals, training per week, heart-rate zones, sleep, activity calendar, energy expenditure",
      middleware: read,
      request: { query: reportQuery },
      responses: { 200: json(loose, "The reports of the range"), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const [start, end] = checkRange(query.startDate, query.endDate);
      const reports = await asCaller(c, (tx, u) =>
        buildReports(tx, u, start, end, query.weekStart),
      );
      return c.json(reports, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/reports/{report}/csv",
      summary: "One report of the range as CSV",
      middleware: read,
      request: {
        params: z.object({ report: z.enum(CSV_REPORTS) }),
        query: reportQuery,
      },
      responses: {
        200: {
          description: "CSV with a header row",
          content: { "text/csv": { schema: z.string() } },
        },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { report } = c.req.valid("param");
      const query = c.req.valid("query");
      const [start, end] = checkRange(query.startDate, query.endDate);
      const reports = await asCaller(c, (tx, u) =>
        buildReports(tx, u, start, end, query.weekStart),
      );
      return c.body(reportCsv(reports, report as CsvReport), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${report}-${start}-${end}.csv"`,
      });
    },
  );
