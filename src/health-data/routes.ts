import { createRoute, z } from "@hono/zod-openapi";
import { requireApiKey } from "../http/auth.ts";
import { createRouter } from "../http/router.ts";
import { collectAfterLargeRequest } from "../lib/memory-pressure.ts";
import { ingestHealthRecords } from "./ingest-records.ts";
import { readHealthRecords } from "./parse-body.ts";
import { ingestAnswer } from "./record-echo.ts";

const errorBody = { "application/json": { schema: z.object({ error: z.string() }) } };

const ingestResponse = z.object({
  message: z.string(),
  processed: z.array(z.object({ type: z.string(), status: z.string(), data: z.unknown() })),
  errors: z.array(z.object({ error: z.string(), entry: z.record(z.string(), z.unknown()) })),
  skipped: z.array(z.object({ reason: z.string(), entry: z.record(z.string(), z.unknown()) })),
  errors_not_listed: z
    .number()
    .optional()
    .describe("Errors past the first 100, counted but not listed"),
  skipped_not_listed: z
    .number()
    .optional()
    .describe("Skipped records past the first 100, counted but not listed"),
});

// The body is not declared as a zod schema: the spec's exact 400 messages for a malformed
// body are produced by readHealthRecords, not by the framework's validator.
const postHealthData = createRoute({
  method: "post",
  path: "/api/health-data",
  summary: "Sync health records (an array of records, or one record) from a phone or watch",
  description:
    "Body: JSON array of health data records. Optional header X-Workout-Model-Version " +
    "(2 or higher: set durations in seconds). Answers 200 with per-record outcomes.",
  tags: ["Health data"],
  // Phones sync with the session token after a password sign-in, or with an API key.
  middleware: [requireApiKey("health_data_write", { acceptSession: true })] as const,
  responses: {
    200: {
      description: "Per-record outcomes",
      content: { "application/json": { schema: ingestResponse } },
    },
    400: { description: "Malformed body", content: errorBody },
    401: { description: "API key missing or invalid", content: errorBody },
    403: { description: "API key lacks health_data_write", content: errorBody },
    413: { description: "Body over 10 MB", content: errorBody },
  },
});

export const healthDataRoutes = createRouter().openapi(postHealthData, async (c) => {
  const records = await readHealthRecords(c.req.raw);
  const version = Number.parseInt(c.req.header("x-workout-model-version") ?? "", 10);
  const { auth, db, logger } = c.var;
  const result = await ingestHealthRecords(
    { db, logger },
    {
      userId: auth.userId,
      actorId: auth.actorId,
      modelVersion: Number.isFinite(version) && version >= 1 ? version : 1,
      records,
    },
  );
  collectAfterLargeRequest();
  return c.json(ingestAnswer(result), 200);
});
