import { z } from "@hono/zod-openapi";
import { idParam, json, jsonBody, messageSchema, routeWith } from "../foods/route-kit.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import {
  copyEntriesSchema,
  copyYesterdaySchema,
  createEntrySchema,
  entrySchema,
  updateEntrySchema,
} from "./entry-schemas.ts";
import { snapshotRefreshSchema } from "./snapshot-refresh.ts";

const tags = ["Food diary"];
const route = routeWith(tags);
const entries = json(z.array(entrySchema));

export const createEntryRoute = route({
  method: "post",
  path: "/api/food-entries",
  summary: "Log a food (snapshot of its name, nutrients and images) or a quick entry",
  request: jsonBody(createEntrySchema),
  responses: { 201: { description: "The entry", ...json(entrySchema) } },
});

export const updateEntryRoute = route({
  method: "put",
  path: "/api/food-entries/{id}",
  summary: "Change an entry's quantity, unit, meal, day or values",
  request: { params: idParam("id"), ...jsonBody(updateEntrySchema) },
  responses: { 200: { description: "The entry", ...json(entrySchema) } },
});

export const deleteEntryRoute = route({
  method: "delete",
  path: "/api/food-entries/{id}",
  summary: "Delete an entry",
  request: { params: idParam("id") },
  responses: { 200: { description: "Deleted", ...json(messageSchema) } },
});

export const entriesByDateRoute = route({
  method: "get",
  path: "/api/food-entries/by-date/{date}",
  summary: "A day's entries in meal order",
  request: { params: z.object({ date: calendarDay }) },
  responses: { 200: { description: "Entries", ...entries } },
});

export const entriesRangeRoute = route({
  method: "get",
  path: "/api/food-entries/range/{startDate}/{endDate}",
  summary: "Entries between two days inclusive",
  request: { params: z.object({ startDate: calendarDay, endDate: calendarDay }) },
  responses: { 200: { description: "Entries", ...entries } },
});

export const copyEntriesRoute = route({
  method: "post",
  path: "/api/food-entries/copy",
  summary: "Copy a day, or one meal of it, to another day (and meal)",
  request: jsonBody(copyEntriesSchema),
  responses: { 200: { description: "The new entries", ...entries } },
});

export const copyYesterdayRoute = route({
  method: "post",
  path: "/api/food-entries/copy-yesterday",
  summary: "Copy the previous day's entries (or one meal) onto targetDate",
  request: jsonBody(copyYesterdaySchema),
  responses: { 200: { description: "The new entries", ...entries } },
});

export const snapshotRoute = route({
  method: "post",
  path: "/api/foods/update-snapshot",
  summary: "Refresh past entries of a food after it was edited (opt-in)",
  request: jsonBody(snapshotRefreshSchema),
  responses: {
    200: {
      description: "How many entries changed",
      ...json(z.object({ message: z.string(), updatedCount: z.number() })),
    },
  },
});
