import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { createRouter } from "../http/router.ts";
import {
  customCategoryExists,
  getSleepEntry,
  getWaterIntake,
  listActiveCalories,
  listCustomCategories,
  listCustomEntries,
  listMoodEntries,
  listSleepEntries,
} from "./read-queries.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD");
const rows = z.array(z.record(z.string(), z.unknown()));
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const notFound = json(z.object({ error: z.string() }), "Not found, or not the caller's");

function readRoute<P extends string, R extends RouteConfig["request"]>(
  path: P,
  summary: string,
  request: R,
  schema: z.ZodType,
) {
  return createRoute({
    method: "get",
    path,
    summary,
    tags: ["Health data"],
    middleware: [requireUser()] as const,
    request,
    responses: { 200: json(schema, summary), 404: notFound },
  });
}

const waterIntake = readRoute(
  "/api/measurements/water-intake/{date}",
  "Water drunk on a day (millilitres) with its entries",
  { params: z.object({ date: day }) },
  z.object({ entry_date: z.string(), water_ml: z.number(), entries: rows }),
);
const customCategories = readRoute(
  "/api/measurements/custom-categories",
  "Custom measurement categories",
  {},
  rows,
);
const customEntries = readRoute(
  "/api/measurements/custom-entries/{date}",
  "Custom measurement entries of a day, optionally of one category",
  {
    params: z.object({ date: day }),
    query: z.object({ category_id: z.uuid().optional() }),
  },
  rows,
);
const activeCalories = readRoute(
  "/api/measurements/active-calories/{date}",
  "Active calories of a day, one entry per source",
  { params: z.object({ date: day }) },
  rows,
);
const sleepByDay = readRoute(
  "/api/sleep",
  "Sleep sessions whose day (of waking) is the date",
  { query: z.object({ date: day }) },
  rows,
);
const sleepById = readRoute(
  "/api/sleep/{id}",
  "One sleep session",
  { params: z.object({ id: z.string() }) },
  z.record(z.string(), z.unknown()),
);
const moodByDay = readRoute(
  "/api/mood",
  "Mood entries of a day",
  { query: z.object({ date: day }) },
  rows,
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Runs fn as the caller, on whose behalf RLS then filters every row.
function asCaller<T>(c: Context<AppEnv>, fn: (tx: Tx, userId: string) => Promise<T>): Promise<T> {
  const { auth, db } = c.var;
  return db.withUser(auth.userId, (tx) => fn(tx, auth.userId), auth.actorId);
}

/** Reading back what health-data sync wrote; a session or bearer token, the caller's own data. */
export const healthDataReadRoutes = createRouter()
  .openapi(waterIntake, async (c) => {
    const { date } = c.req.valid("param");
    return c.json(await asCaller(c, (tx, userId) => getWaterIntake(tx, userId, date)), 200);
  })
  .openapi(customCategories, async (c) =>
    c.json(await asCaller(c, (tx, userId) => listCustomCategories(tx, userId)), 200),
  )
  .openapi(customEntries, async (c) => {
    const { date } = c.req.valid("param");
    const { category_id } = c.req.valid("query");
    const entries = await asCaller(c, async (tx, userId) => {
      if (category_id && !(await customCategoryExists(tx, userId, category_id))) {
        throw new HttpError(404, "Custom measurement category not found.");
      }
      return listCustomEntries(tx, userId, date, category_id);
    });
    return c.json(entries, 200);
  })
  .openapi(activeCalories, async (c) => {
    const { date } = c.req.valid("param");
    return c.json(await asCaller(c, (tx, userId) => listActiveCalories(tx, userId, date)), 200);
  })
  .openapi(sleepByDay, async (c) => {
    const { date } = c.req.valid("query");
    return c.json(await asCaller(c, (tx, userId) => listSleepEntries(tx, userId, date)), 200);
  })
  .openapi(sleepById, async (c) => {
    const { id } = c.req.valid("param");
    // A malformed id cannot name anyone's entry: the same 404, without a database error.
    const entry = UUID.test(id)
      ? await asCaller(c, (tx, userId) => getSleepEntry(tx, userId, id))
      : undefined;
    if (!entry) throw new HttpError(404, "Sleep entry not found.");
    return c.json(entry, 200);
  })
  .openapi(moodByDay, async (c) => {
    const { date } = c.req.valid("query");
    return c.json(await asCaller(c, (tx, userId) => listMoodEntries(tx, userId, date)), 200);
  });
