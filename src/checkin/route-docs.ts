import { createRoute, z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";
import { checkInBodySchema, checkInRowSchema, measurementFieldsSchema } from "./schemas.ts";

/** OpenAPI declarations of the check-in routes; handlers live in routes.ts. */

export const CHECK_IN_PATH = "/api/measurements/check-in";

const TAGS = ["Check-ins"];
const security = [{ bearerAuth: [] }];
const errorResponse = {
  content: { "application/json": { schema: z.object({ error: z.string() }) } },
};
const errors = {
  400: { description: "Invalid input; the message names the field", ...errorResponse },
  401: { description: "Not signed in", ...errorResponse },
  403: { description: "Not permitted", ...errorResponse },
};
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
// Path parameters are checked in the handlers so missing or malformed ones get exact messages.
const dateParam = (name: string) => calendarDay.openapi({ param: { name, in: "path" } });

export const postCheckInRoute = createRoute({
  method: "post",
  path: CHECK_IN_PATH,
  summary: "Create or update the day's check-in (only the fields sent; null clears)",
  tags: TAGS,
  security,
  request: { body: { ...json(checkInBodySchema), required: true } },
  responses: {
    200: {
      description: "Saved",
      ...json(checkInRowSchema.extend({ message: z.string(), data: checkInRowSchema })),
    },
    ...errors,
  },
});

export const getCheckInRoute = createRoute({
  method: "get",
  path: `${CHECK_IN_PATH}/{date}`,
  summary: "The day's check-in, or {} when there is none",
  tags: TAGS,
  security,
  request: { params: z.object({ date: dateParam("date") }) },
  responses: {
    200: { description: "The row or {}", ...json(z.union([checkInRowSchema, z.object({})])) },
    ...errors,
  },
});

export const putCheckInRoute = createRoute({
  method: "put",
  path: `${CHECK_IN_PATH}/{entry_date}`,
  summary: "Update the fields sent on an existing day",
  tags: TAGS,
  security,
  request: {
    params: z.object({ entry_date: dateParam("entry_date") }),
    body: { ...json(measurementFieldsSchema), required: true },
  },
  responses: {
    200: { description: "The updated row", ...json(checkInRowSchema) },
    404: { description: "No entry for that day", ...errorResponse },
    ...errors,
  },
});

export const deleteCheckInRoute = createRoute({
  method: "delete",
  path: `${CHECK_IN_PATH}/{id}`,
  summary: "Delete a check-in by id",
  tags: TAGS,
  security,
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) }) },
  responses: {
    200: { description: "Deleted", ...json(z.object({ message: z.string() })) },
    404: { description: "Not found or not the caller's", ...errorResponse },
    ...errors,
  },
});

export const rangeRoute = createRoute({
  method: "get",
  path: "/api/measurements/check-in-measurements-range/{startDate}/{endDate}",
  summary: "Check-ins between two days inclusive, oldest first",
  tags: TAGS,
  security,
  request: {
    params: z.object({ startDate: dateParam("startDate"), endDate: dateParam("endDate") }),
  },
  responses: {
    200: { description: "Rows in date order", ...json(z.array(checkInRowSchema)) },
    ...errors,
  },
});

export const latestOnOrBeforeRoute = createRoute({
  method: "get",
  path: `${CHECK_IN_PATH}/latest-on-or-before-date`,
  summary:
    "Each measurement's latest value on or before the date (steps of that day only), {} when none",
  tags: TAGS,
  security,
  request: { query: z.object({ date: calendarDay }) },
  responses: {
    200: { description: "The values or {}", ...json(z.union([checkInRowSchema, z.object({})])) },
    ...errors,
  },
});
