import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import {
  access,
  asCaller,
  errorResponses,
  idParam,
  json,
  jsonBody,
  messageSchema,
  routeIn,
} from "../http/route-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { dayOrRangeQuery, resolveRange } from "./day-range.ts";
import { moodInput, moodNotes, moodTags, moodValue } from "./inputs.ts";
import {
  createCustomMood,
  deleteCustomMood,
  deleteMood,
  getMood,
  listCustomMoods,
  listMoodInRange,
  saveManualMood,
  updateMood,
} from "./mood-queries.ts";

const read = access("can_manage_checkin", false);
const write = access("can_manage_checkin", true);
const route = routeIn(["Mood"]);
const NOT_FOUND = "Mood entry not found.";

const moodPatch = z.object({
  mood_value: moodValue.optional(),
  tags: moodTags.optional(),
  notes: moodNotes.optional(),
});
const entrySchema = z
  .object({
    id: z.string(),
    entry_date: z.string(),
    mood_value: z.number(),
    mood_tags: z.array(z.string()),
    notes: z.string().nullable(),
    logged_at: z.string().nullable(),
    source: z.string(),
  })
  .openapi("MoodEntry");
const customMoodBody = z.object({
  name: z.string().trim().min(1).max(50),
  display_name: z.string().max(100).nullable().default(null),
  icon: z.string().max(40).nullable().default(null),
  color: z.string().max(20).nullable().default(null),
});
const customMoodSchema = customMoodBody.extend({ id: z.string() }).openapi("CustomMood");

// Registered before /api/mood/{id} so "custom-moods" is never taken for an id.
const customMoodRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/mood/custom-moods",
      summary: "The caller's own moods",
      middleware: read,
      responses: { 200: json(z.array(customMoodSchema), "Moods"), ...errorResponses },
    }),
    async (c) => c.json(await asCaller(c, (tx, u) => listCustomMoods(tx, u)), 200),
  )
  .openapi(
    route({
      method: "post",
      path: "/api/mood/custom-moods",
      summary: "Add a mood of one's own",
      middleware: write,
      request: { body: jsonBody(customMoodBody) },
      responses: { 201: json(customMoodSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const mood = c.req.valid("json");
      return c.json(await asCaller(c, (tx, u) => createCustomMood(tx, u, mood)), 201);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/mood/custom-moods/{id}",
      summary: "Delete a mood of one's own (entries keep their tags)",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted = isUuid(id) && (await asCaller(c, (tx, u) => deleteCustomMood(tx, u, id)));
      if (!deleted) throw new HttpError(404, "Custom mood not found.");
      return c.json({ message: "Custom mood deleted." }, 200);
    },
  );

const entryRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: "/api/mood/date/{date}",
      summary: "The day's mood (its latest entry), or {} when none (the web client's day view)",
      middleware: read,
      request: { params: z.object({ date: calendarDay }) },
      responses: {
        200: json(z.union([entrySchema, z.object({})]), "Entry or {}"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { date } = c.req.valid("param");
      const entries = await asCaller(c, (tx, u) => listMoodInRange(tx, u, date, date));
      return c.json(entries.at(-1) ?? {}, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/mood",
      summary: "Mood entries of a day or a range, oldest first",
      middleware: read,
      request: { query: dayOrRangeQuery },
      responses: { 200: json(z.array(entrySchema), "Entries"), ...errorResponses },
    }),
    async (c) => {
      const [start, end] = resolveRange(c.req.valid("query"));
      return c.json(await asCaller(c, (tx, u) => listMoodInRange(tx, u, start, end)), 200);
    },
  )
  .openapi(
    route({
      method: "post",
      path: "/api/mood",
      summary: "Log the day's mood (logging again the same day replaces it)",
      middleware: write,
      request: { body: jsonBody(moodInput) },
      responses: { 200: json(entrySchema, "Saved"), ...errorResponses },
    }),
    async (c) => {
      const { tags, ...mood } = c.req.valid("json");
      const saved = await asCaller(c, (tx, u) =>
        saveManualMood(tx, u, { ...mood, mood_tags: tags }),
      );
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: "/api/mood/{id}",
      summary: "One mood entry",
      middleware: read,
      request: { params: idParam },
      responses: { 200: json(entrySchema, "The entry"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const entry = isUuid(id) ? await asCaller(c, (tx, u) => getMood(tx, u, id)) : undefined;
      if (!entry) throw new HttpError(404, NOT_FOUND);
      return c.json(entry, 200);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/mood/{id}",
      summary: "Change a mood entry (only the fields sent)",
      middleware: write,
      request: { params: idParam, body: jsonBody(moodPatch) },
      responses: { 200: json(entrySchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { tags, ...rest } = c.req.valid("json");
      const changes = { ...rest, mood_tags: tags };
      const entry = isUuid(id)
        ? await asCaller(c, (tx, u) => updateMood(tx, u, id, changes))
        : undefined;
      if (!entry) throw new HttpError(404, NOT_FOUND);
      return c.json(entry, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/mood/{id}",
      summary: "Delete a mood entry",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted = isUuid(id) && (await asCaller(c, (tx, u) => deleteMood(tx, u, id)));
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      return c.json({ message: "Mood entry deleted." }, 200);
    },
  );

export const moodRoutes = createRouter().route("/", customMoodRoutes).route("/", entryRoutes);
