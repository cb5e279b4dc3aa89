import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { createRouter } from "../http/router.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import {
  access,
  asCaller,
  errorResponses,
  json,
  jsonBody,
  messageSchema,
  routeIn,
  rowsAsCaller,
} from "../http/route-kit.ts";
import { goalValuesSchema } from "./goal-values.ts";
import { goalsOnDays, selectGoalSources, type GoalSources } from "./goals-for-days.ts";
import { planRoutes } from "./plan-routes.ts";
import { presetRoutes } from "./preset-routes.ts";
import { deleteTimelineGoal, listTimeline, setTimelineGoal } from "./queries.ts";

// Goal plans are diary data in the spec's permission table.
const read = access("can_manage_diary", false);
const write = access("can_manage_diary", true);
const route = routeIn(["Goals"]);

const goalsSchema = goalValuesSchema
  .extend({
    source: z.enum(["default", "timeline", "weekly_plan"]),
    since: z.string().nullable(),
    preset_name: z.string().nullable(),
    water_goal: z.number().describe("The water goal in ml (water_goal_ml), as presets name it"),
  })
  .openapi("DailyGoals");
const timelineSchema = goalValuesSchema.extend({ id: z.string(), goal_date: z.string() });

// The established web client sends its goal form with p_-prefixed keys (p_start_date,
// p_calories, ...); both spellings are accepted.
const unprefixed = (body: unknown) =>
  typeof body === "object" && body !== null && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k.replace(/^p_/, ""), v]))
    : body;
const timelineBody = z.preprocess(
  unprefixed,
  goalValuesSchema.extend({
    start_date: calendarDay.openapi({
      description: "The goal holds from this day until the next goal's",
    }),
  }),
);

const timelineRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/goals/for-date",
      summary: "The goals in force on a day (weekly plan, else timeline, else defaults)",
      middleware: read,
      request: { query: z.object({ date: calendarDay }) },
      responses: { 200: json(goalsSchema, "The day's goals"), ...errorResponses },
    }),
    async (c) => {
      const { date } = c.req.valid("query");
      // One statement in one round trip; goalsForDays reads the same for a range.
      const [row] = await rowsAsCaller(c, (tx, u) => selectGoalSources(tx, u, date, date));
      return c.json(goalsOnDays(date, date, row!.sources as GoalSources).get(date)!, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/goals/timeline",
      summary: "Every dated goal, oldest first",
      middleware: read,
      responses: { 200: json(z.array(timelineSchema), "The timeline"), ...errorResponses },
    }),
    async (c) => c.json(await asCaller(c, (tx, u) => listTimeline(tx, u)), 200),
  )
  .openapi(
    route({
      method: "post",
      path: "/api/goals/manage-timeline",
      summary: "Set the goal that holds from start_date until the next dated goal",
      middleware: write,
      request: { body: jsonBody(timelineBody) },
      responses: { 200: json(timelineSchema, "Saved"), ...errorResponses },
    }),
    async (c) => {
      const { start_date, ...values } = c.req.valid("json");
      return c.json(await asCaller(c, (tx, u) => setTimelineGoal(tx, u, start_date, values)), 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/goals/timeline/{date}",
      summary: "Remove the goal set for a day (the one before it then holds on)",
      middleware: write,
      request: { params: z.object({ date: calendarDay }) },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { date } = c.req.valid("param");
      const deleted = await asCaller(c, (tx, u) => deleteTimelineGoal(tx, u, date));
      if (!deleted) throw new HttpError(404, "No goal is set for that day.");
      return c.json({ message: "Goal deleted." }, 200);
    },
  );

export const goalRoutes = createRouter()
  .route("/", timelineRoutes)
  .route("/", presetRoutes)
  .route("/", planRoutes);
