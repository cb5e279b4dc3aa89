import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { errorContent } from "../auth/schemas.ts";
import type { AppEnv } from "../http/context.ts";
import { access, rowsAsCaller } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  bootstrapTimezone,
  preferencesOf,
  readPreferences,
  selectPreferences,
  updatePreferences,
} from "./queries.ts";
import { bootstrapBody, preferencesSchema, preferencesUpdate } from "./schemas.ts";

const PATH = "/api/user-preferences";
const tags = ["Preferences"];
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const answer = { 200: { description: "The preferences", ...json(preferencesSchema) } };
const errors = {
  400: { description: "Invalid input; the message names the field", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "Not the owner (switched context)", content: errorContent },
};
// A delegate whose grant opens the profile reads the owner's settings; only the owner
// changes them (spec: "The owner alone can modify profile and settings").
const read: MiddlewareHandler<AppEnv> = access("profile", false);
const write: MiddlewareHandler<AppEnv> = access("owner_only", true);

const getPreferences = createRoute({
  method: "get",
  path: PATH,
  summary: "Units, formats, time zone and calculation settings",
  tags,
  middleware: read,
  responses: { ...answer, ...errors },
});

const putPreferences = createRoute({
  method: "put",
  path: PATH,
  summary: "Change the preferences sent (timezone also changes the profile's: one value)",
  tags,
  middleware: write,
  request: { body: { ...json(preferencesUpdate), required: true } },
  responses: { ...answer, ...errors },
});

const bootstrap = createRoute({
  method: "post",
  path: `${PATH}/bootstrap-timezone`,
  summary: "Phones, before every sync: set the time zone only if none was ever chosen",
  tags,
  // Part of every phone sync, so a sync key (health_data_write) may call it too.
  middleware: access("owner_only", true, ["health_data_write", "data_write"]),
  request: { body: { ...json(bootstrapBody), required: true } },
  responses: { ...answer, ...errors },
});

export const preferenceRoutes = createRouter()
  .openapi(getPreferences, async (c) => {
    return c.json(preferencesOf(await rowsAsCaller(c, selectPreferences)), 200);
  })
  .openapi(putPreferences, async (c) => {
    const { userId } = c.var.auth;
    const update = c.req.valid("json");
    const preferences = await c.var.db.withUser(userId, async (tx) => {
      await updatePreferences(tx, userId, update);
      return readPreferences(tx, userId);
    });
    return c.json(preferences, 200);
  })
  .openapi(bootstrap, async (c) => {
    const { userId } = c.var.auth;
    const { timezone } = c.req.valid("json");
    const preferences = await c.var.db.withUser(userId, async (tx) => {
      await bootstrapTimezone(tx, userId, timezone);
      return readPreferences(tx, userId);
    });
    return c.json(preferences, 200);
  });
