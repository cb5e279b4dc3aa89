import { z } from "@hono/zod-openapi";
import { access, asCaller, errorResponses, json, jsonBody, routeIn } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { dayOrRangeQuery, resolveRange } from "../trackers/day-range.ts";
import { DRI_ROWS } from "./dri.ts";
import { readMicronutrientTargets, saveMicronutrientTargets } from "./queries.ts";

// Targets are diary data, as goals are.
const read = access("can_manage_diary", false);
const write = access("can_manage_diary", true);
const route = routeIn(["Goals"]);

const lifeStage = z.enum(["pregnancy", "lactation"]);
const targetsSchema = z
  .object({
    date: z.string(),
    age: z.number().nullable(),
    sex: z.string().nullable(),
    life_stage: lifeStage.nullable(),
    targets: z.array(
      z.object({
        key: z.string().describe("The diary's nutrient: a column or a custom_nutrients label"),
        label: z.string(),
        unit: z.string(),
        target: z.number(),
        source: z.enum(["dri", "own"]),
        dri: z.number().describe("The Dietary Reference Intake for the profile"),
        eaten: z.number().describe("What the day's diary entries hold"),
        percent: z.number(),
      }),
    ),
  })
  .openapi("MicronutrientTargets");

const keys = DRI_ROWS.map((row) => row.key) as [string, ...string[]];
const changeSchema = z
  .object({
    date: calendarDay.optional(),
    life_stage: lifeStage.nullable().optional(),
    targets: z
      .partialRecord(
        z.enum(keys),
        z.number({ error: "must be a number" }).positive({ error: "must be above 0" }).nullable(),
      )
      .optional(),
  })
  .strict()
  .openapi("MicronutrientTargetsChange");

const today = () => new Date().toISOString().slice(0, 10);

export const micronutrientRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/micronutrient-targets",
      summary:
        "Mineral and vitamin targets (Dietary Reference Intakes for age, sex, pregnancy, lactation, or one's own) with a day's progress, or with a range's daily average over the days logged (?startDate=&endDate=; the targets of the last day)",
      middleware: read,
      request: { query: dayOrRangeQuery },
      responses: { 200: json(targetsSchema, "Targets and the day's intake"), ...errorResponses },
    }),
    async (c) => {
      const { date = today(), startDate, endDate } = c.req.valid("query");
      // A range: the daily average of its days logged, against the targets of its last day.
      const [since, day] =
        startDate || endDate ? resolveRange({ startDate, endDate }) : [date, date];
      const answer = await asCaller(c, (tx, u) => readMicronutrientTargets(tx, u, day, since));
      return c.json(answer, 200);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/micronutrient-targets",
      summary: "Set the life stage or one's own targets (null restores a nutrient's DRI)",
      middleware: write,
      request: { body: jsonBody(changeSchema) },
      responses: { 200: json(targetsSchema, "The targets now"), ...errorResponses },
    }),
    async (c) => {
      const { date, ...changes } = c.req.valid("json");
      const answer = await asCaller(c, async (tx, u) => {
        await saveMicronutrientTargets(tx, u, changes);
        return readMicronutrientTargets(tx, u, date ?? today());
      });
      return c.json(answer, 200);
    },
  );
