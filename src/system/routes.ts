import { createRoute, z } from "@hono/zod-openapi";
import { DatabaseUnavailableError } from "../errors.ts";
import { createRouter } from "../http/router.ts";
import { VERSION } from "../version.ts";

const health = createRoute({
  method: "get",
  path: "/api/health",
  summary: "Liveness and database check",
  tags: ["System"],
  responses: {
    200: {
      description: "Server and database are up",
      content: {
        "application/json": {
          schema: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
        },
      },
    },
    503: {
      description: "Database unreachable (with Retry-After)",
      content: { "application/json": { schema: z.object({ error: z.string() }) } },
    },
  },
});

const version = createRoute({
  method: "get",
  path: "/api/version",
  summary: "Server version",
  tags: ["System"],
  responses: {
    200: {
      description: "Version",
      content: { "application/json": { schema: z.object({ version: z.string() }) } },
    },
  },
});

export const systemRoutes = createRouter()
  .openapi(health, async (c) => {
    try {
      // Through the application role, so a broken role or grant shows up here too.
      await c.var.db.withAnonymous((tx) => tx`select 1`);
    } catch (error) {
      c.var.logger.error("health check failed", { error: (error as Error).message });
      throw new DatabaseUnavailableError(error);
    }
    return c.json({ status: "ok" as const, database: "ok" as const }, 200);
  })
  .openapi(version, (c) => c.json({ version: VERSION }, 200));
