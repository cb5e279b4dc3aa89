import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { BASAL_TEMPERATURE_CATEGORY, setBasalTemperature } from "../cycle/basal-temperature.ts";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { instant } from "../lib/time-zone.ts";
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
import {
  createCategory,
  deleteCategory,
  deleteEntry,
  findCategory,
  findEntryCategory,
  listCategories,
  listEntriesInRange,
  saveEntry,
  updateCategory,
  updateEntry,
  type CategoryRow,
} from "./custom-queries.ts";
import { checkRange } from "./day-range.ts";

// Custom measurements are check-in data; the categories phones create through health-data too.
const read = access("can_manage_checkin", false);
const write = access("can_manage_checkin", true);
const route = routeIn(["Custom measurements"]);
const CATEGORY_NOT_FOUND = "Custom measurement category not found.";
const ENTRY_NOT_FOUND = "Custom measurement entry not found.";
const BASE = "/api/measurements";

const FREQUENCIES = ["All", "Daily", "Hourly"] as const;
const frequency = z.enum(FREQUENCIES).openapi({
  description: "Manual entries kept: every one, one per day, or one per hour",
});
// Clients spell the frequency as they like ("daily", "Daily"); it is stored in one spelling.
const frequencyInput = z
  .string()
  .transform((text, ctx) => {
    const known = FREQUENCIES.find((f) => f.toLowerCase() === text.trim().toLowerCase());
    if (!known) ctx.addIssue({ code: "custom", message: "must be All, Daily or Hourly" });
    return known ?? "All";
  })
  .openapi({ type: "string", enum: [...FREQUENCIES], description: frequency.description });

const DATA_TYPES = ["numeric", "integer", "text"] as const satisfies CategoryRow["data_type"][];
const categoryBase = z.object({
  name: z.string().trim().min(1).max(100),
  display_name: z.string().max(100).nullable(),
  measurement_type: z.string().max(50).openapi({ description: "Free text kept for the phone app" }),
  unit: z.string().max(30).nullable().openapi({ example: "mmol/L" }),
  frequency,
  data_type: z.enum(DATA_TYPES).openapi({ description: "integer: whole numbers only" }),
});
const categoryInput = categoryBase.extend({ frequency: frequencyInput });
const categoryBody = categoryInput.extend({
  display_name: categoryBase.shape.display_name.default(null),
  measurement_type: categoryBase.shape.measurement_type.default("numeric"),
  unit: categoryBase.shape.unit.default(null),
  frequency: frequencyInput.default("All"),
  data_type: categoryBase.shape.data_type.default("numeric"),
});
const categorySchema = categoryBase
  .extend({ id: z.string(), updated_at: z.string() })
  .openapi("CustomCategory");

const entryBody = z.object({
  category_id: z.string(),
  value: z.union([z.number(), z.string().max(1000), z.boolean()]),
  entry_date: calendarDay,
  entry_hour: z.number().int().min(0).max(23).nullable().optional(),
  entry_timestamp: instant.optional(),
  notes: z.string().max(2000).nullable().optional(),
  source: z.string().trim().min(1).max(50).default("manual"),
});
const entryPatch = z.object({
  value: entryBody.shape.value.optional(),
  notes: entryBody.shape.notes,
});
const entrySchema = z
  .object({
    id: z.string(),
    category_id: z.string(),
    value: z.string(),
    entry_date: z.string(),
    entry_hour: z.number().nullable(),
    entry_timestamp: z.string().nullable(),
    notes: z.string().nullable(),
    source: z.string(),
    category_name: z.string(),
    custom_categories: z.record(z.string(), z.string().nullable()),
  })
  .openapi("CustomMeasurementEntry");

/**
 * A value as the category stores it: numbers (or numeric text, true/false; whole numbers in
 * an integer category) or text.
 */
function storedValue(category: CategoryRow, value: number | string | boolean) {
  if (category.data_type === "text") return { value: null, text_value: String(value) };
  // Number("") is 0: an empty text is no number.
  const number = value === "" ? NaN : Number(value);
  if (!Number.isFinite(number)) throw new HttpError(400, "value: must be a number");
  if (category.data_type === "integer" && !Number.isInteger(number))
    throw new HttpError(400, "value: must be a whole number in this category");
  return { value: number, text_value: null };
}

// Cycle data is owner-only: a delegate's basal temperature entry stays a measurement.
function ownsBasalTemperature(c: Context<AppEnv>, categoryName: string) {
  return categoryName === BASAL_TEMPERATURE_CATEGORY && c.var.auth.actorId === c.var.auth.userId;
}

async function requireCategory(tx: Parameters<typeof findCategory>[0], userId: string, id: string) {
  const category = isUuid(id) ? await findCategory(tx, userId, id) : undefined;
  if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND);
  return category;
}

const categoryRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: `${BASE}/custom-categories`,
      summary: "Custom measurement categories",
      middleware: read,
      responses: { 200: json(z.array(categorySchema), "Categories by name"), ...errorResponses },
    }),
    async (c) => c.json(await asCaller(c, (tx, u) => listCategories(tx, u)), 200),
  )
  .openapi(
    route({
      method: "post",
      path: `${BASE}/custom-categories`,
      summary: "Add a category",
      middleware: write,
      request: { body: jsonBody(categoryBody) },
      responses: {
        201: json(categorySchema, "Created"),
        409: errorResponses[400],
        ...errorResponses,
      },
    }),
    async (c) => {
      const fields = c.req.valid("json");
      return c.json(await asCaller(c, (tx, u) => createCategory(tx, u, fields)), 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: `${BASE}/custom-categories/{id}`,
      summary: "Change a category (only the fields sent)",
      middleware: write,
      request: { params: idParam, body: jsonBody(categoryInput.partial()) },
      responses: { 200: json(categorySchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const fields = c.req.valid("json");
      const row = isUuid(id)
        ? await asCaller(c, (tx, u) => updateCategory(tx, u, id, fields))
        : undefined;
      if (!row) throw new HttpError(404, CATEGORY_NOT_FOUND);
      return c.json(row, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: `${BASE}/custom-categories/{id}`,
      summary: "Delete a category and its entries",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted = isUuid(id) && (await asCaller(c, (tx, u) => deleteCategory(tx, u, id)));
      if (!deleted) throw new HttpError(404, CATEGORY_NOT_FOUND);
      return c.json({ message: "Custom measurement category deleted." }, 200);
    },
  );

const entryRoutes = createRouter()
  .openapi(
    route({
      method: "get",
      path: `${BASE}/custom-entries`,
      summary: "Entries of a range, optionally of one category",
      middleware: read,
      request: {
        query: z.object({
          startDate: calendarDay,
          endDate: calendarDay,
          category_id: z.string().optional(),
        }),
      },
      responses: { 200: json(z.array(entrySchema), "Entries, oldest first"), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const [start, end] = checkRange(query.startDate, query.endDate);
      const entries = await asCaller(c, async (tx, userId) => {
        if (query.category_id) await requireCategory(tx, userId, query.category_id);
        return listEntriesInRange(tx, userId, { start, end, categoryId: query.category_id });
      });
      return c.json(entries, 200);
    },
  )
  .openapi(
    route({
      method: "get",
      path: `${BASE}/custom-entries/{date}`,
      summary: "Entries of a day, optionally of one category",
      middleware: read,
      request: {
        params: z.object({ date: calendarDay }),
        query: z.object({ category_id: z.string().optional() }),
      },
      responses: { 200: json(z.array(entrySchema), "The day's entries"), ...errorResponses },
    }),
    async (c) => {
      const { date } = c.req.valid("param");
      const { category_id } = c.req.valid("query");
      const entries = await asCaller(c, async (tx, userId) => {
        if (category_id) await requireCategory(tx, userId, category_id);
        return listEntriesInRange(tx, userId, { start: date, end: date, categoryId: category_id });
      });
      return c.json(entries, 200);
    },
  )
  .openapi(
    route({
      method: "post",
      path: `${BASE}/custom-entries`,
      summary: "Record a value (Daily and Hourly categories replace that day's or hour's)",
      middleware: write,
      request: { body: jsonBody(entryBody) },
      responses: { 200: json(entrySchema, "Saved"), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const entry = await asCaller(c, async (tx, userId) => {
        const category = await requireCategory(tx, userId, body.category_id);
        const stored = storedValue(category, body.value);
        const saved = await saveEntry(tx, userId, {
          category,
          ...stored,
          entry_date: body.entry_date,
          entry_hour: body.entry_hour ?? null,
          entry_timestamp: body.entry_timestamp ?? null,
          notes: body.notes ?? null,
          source: body.source,
        });
        if (ownsBasalTemperature(c, category.name)) {
          await setBasalTemperature(tx, userId, body.entry_date, stored.value);
        }
        return saved;
      });
      return c.json(entry, 200);
    },
  )
  .openapi(
    route({
      method: "put",
      path: `${BASE}/custom-entries/{id}`,
      summary: "Change an entry's value or notes",
      middleware: write,
      request: { params: idParam, body: jsonBody(entryPatch) },
      responses: { 200: json(entrySchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { value, notes } = c.req.valid("json");
      const entry = await asCaller(c, async (tx, userId) => {
        const current = isUuid(id) ? await findEntryCategory(tx, userId, id) : undefined;
        if (!current) return undefined;
        const stored = value === undefined ? {} : storedValue(current, value);
        return updateEntry(tx, userId, id, { ...stored, notes });
      });
      if (!entry) throw new HttpError(404, ENTRY_NOT_FOUND);
      return c.json(entry, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: `${BASE}/custom-entries/{id}`,
      summary: "Delete an entry",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted =
        isUuid(id) &&
        (await asCaller(c, async (tx, u) => {
          const category = await findEntryCategory(tx, u, id);
          const day = await deleteEntry(tx, u, id);
          if (day && category && ownsBasalTemperature(c, category.name)) {
            await setBasalTemperature(tx, u, day, null);
          }
          return day !== null;
        }));
      if (!deleted) throw new HttpError(404, ENTRY_NOT_FOUND);
      return c.json({ message: "Custom measurement entry deleted." }, 200);
    },
  );

export const customMeasurementRoutes = createRouter()
  .route("/", categoryRoutes)
  .route("/", entryRoutes);
