import { createRoute, z } from "@hono/zod-openapi";
import { errorContent } from "../../auth/schemas.ts";
import { HttpError } from "../../errors.ts";
import { requireAdmin, requireUser } from "../../http/auth.ts";
import { blockDemoAccount } from "../../http/demo-guard.ts";
import { createRouter } from "../../http/router.ts";
import { findImportJob, listImportJobs, startImportJob } from "./jobs.ts";
import { sourceKeyHex } from "../source/source-crypto.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Admin"];
const adminOnly = [requireUser(), requireAdmin(), blockDemoAccount()];
const BASE = "/api/admin/sparkyfitness-import";
const failures = {
  400: { description: "Invalid input", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "Not an administrator", content: errorContent },
};

const jobSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(["running", "finished", "failed"]),
    source_url: z.string().describe("Without its password"),
    uploads_dir: z.string().nullable(),
    only_email: z.string().nullable(),
    dry_run: z.boolean(),
    with_api_key_secret: z.boolean(),
    with_auth_secret: z.boolean(),
    progress: z.array(z.string()).describe("One line per table and user, in order"),
    summary: z.array(z.string()).nullable().describe("The closing report once finished"),
    error: z.string().nullable(),
    created_at: z.date(),
    finished_at: z.date().nullable(),
  })
  .openapi("SparkyFitnessImportJob");

const startInput = z.object({
  source_url: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, "source_url must be a postgres:// URL")
    .refine((url) => URL.canParse(url), "source_url must be a postgres:// URL"),
  uploads_dir: z.string().trim().min(1).max(4096).nullable().optional(),
  only: z.email().nullable().optional(),
  api_key_secret: z
    .string()
    .refine(
      (key) => sourceKeyHex(key) !== null,
      "api_key_secret must be 64 hexadecimal or 44 base64 characters",
    )
    .nullable()
    .optional()
    .describe("That server's SPARKY_FITNESS_API_ENCRYPTION_KEY: opens provider credentials"),
  auth_secret: z
    .string()
    .min(1)
    .max(1000)
    .nullable()
    .optional()
    .describe("That server's BETTER_AUTH_SECRET: opens two-factor secrets and backup codes"),
  dry_run: z.boolean().optional(),
});

const start = createRoute({
  method: "post",
  path: BASE,
  tags,
  summary:
    "Start importing a SparkyFitness server's database and uploads as a background job " +
    "(the URL's password and the secrets are kept in this server's memory only)",
  middleware: adminOnly,
  request: { body: { content: json(startInput), required: true } },
  responses: { 202: { description: "Started", content: json(jobSchema) }, ...failures },
});

const list = createRoute({
  method: "get",
  path: BASE,
  tags,
  summary: "The latest import jobs, newest first",
  middleware: adminOnly,
  responses: { 200: { description: "Jobs", content: json(z.array(jobSchema)) }, ...failures },
});

const status = createRoute({
  method: "get",
  path: `${BASE}/{id}`,
  tags,
  summary: "An import job with its progress lines and, once over, its summary",
  middleware: adminOnly,
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: { description: "The job", content: json(jobSchema) },
    ...failures,
    404: { description: "No such job", content: errorContent },
  },
});

export const sparkyImportJobRoutes = createRouter()
  .openapi(start, async (c) => {
    const body = c.req.valid("json");
    const { config, db, logger, jobs } = c.var;
    const job = await startImportJob(
      {
        db,
        logger,
        jobs,
        uploadsRoot: config.uploadsDir,
        encryptionKey: config.apiEncryptionKey,
        authSecret: config.authSecret,
      },
      c.var.auth.actorId,
      {
        sourceUrl: body.source_url,
        sourceUploads: body.uploads_dir ?? null,
        only: body.only ?? null,
        dryRun: body.dry_run ?? false,
        sourceSecret: body.api_key_secret ? sourceKeyHex(body.api_key_secret) : null,
        sourceAuthSecret: body.auth_secret ?? null,
      },
    );
    return c.json(job, 202);
  })
  .openapi(list, async (c) => c.json(await listImportJobs(c.var.db), 200))
  .openapi(status, async (c) => {
    const job = await findImportJob(c.var.db, c.req.valid("param").id);
    if (!job) throw new HttpError(404, "Import job not found.");
    return c.json(job, 200);
  });
