import { createRoute, z } from "@hono/zod-openapi";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Context } from "hono";
import { every } from "hono/combine";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { saveUploadToFile } from "../http/upload-to-file.ts";
import { createRouter } from "../http/router.ts";
import { access, errorResponses, json, security } from "../http/route-kit.ts";
import { importAppleHealthLazily } from "./apple-health-lazy.ts";
import { ImportFormatError } from "./csv.ts";
import { importDiaryCsv } from "./diary-import.ts";
import { makeUploadDir } from "./upload-tmp.ts";

const tags = ["Import"];
const countsSchema = z.object({
  kind: z.string(),
  read: z.number(),
  written: z.number(),
  unchanged: z.number(),
  skipped: z.array(z.object({ line: z.number(), reason: z.string() })),
  unmatched_meals: z.array(z.string()),
});
const fileBody = {
  content: { "multipart/form-data": { schema: z.object({ file: z.any() }) } },
};

export const appImportRoutes = createRouter();

/** The uploaded file of field "file", or a 400. */
async function uploadedFile(c: Context<AppEnv>): Promise<File> {
  const form = await c.req.formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File) || file.size === 0)
    throw new HttpError(
      400,
      'No file uploaded: send multipart/form-data with the file in field "file".',
    );
  return file;
}

const DIARY_APPS = {
  myfitnesspal: "MyFitnessPal diary (Nutrition) or Measurement CSV export",
  cronometer: 'Cronometer "Food & Recipe Entries" CSV export (servings.csv)',
} as const;

for (const [app, what] of Object.entries(DIARY_APPS) as [keyof typeof DIARY_APPS, string][]) {
  const path = `/api/import/${app}`;
  appImportRoutes.openAPIRegistry.registerPath(
    createRoute({
      method: "post",
      path,
      summary: `Import a ${what} into the diary (multipart field 'file'); re-importing adds nothing`,
      tags,
      security,
      request: {
        query: z.object({ weight_unit: z.enum(["kg", "lb"]).optional() }),
        body: fileBody,
      },
      responses: {
        200: json(countsSchema, "Rows read, written, unchanged and skipped"),
        ...errorResponses,
      },
    }),
  );
  appImportRoutes.post(
    path,
    every(access("can_manage_diary", true), blockDemoAccount()),
    async (c) => {
      const file = await uploadedFile(c);
      const unit = c.req.query("weight_unit") ?? "kg";
      if (unit !== "kg" && unit !== "lb") throw new HttpError(400, "weight_unit must be kg or lb.");
      const { db, logger, auth } = c.var;
      try {
        const counts = await importDiaryCsv(
          { db, logger, userId: auth.userId, actorId: auth.actorId },
          app,
          await file.text(),
          unit,
        );
        return c.json(counts, 200);
      } catch (error) {
        if (error instanceof ImportFormatError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );
}

/** The one route taking bodies of gigabytes (app.ts exempts it from the 10 MB limit). */
export const APPLE_HEALTH_IMPORT_PATH = "/api/import/apple-health";
export const MAX_APPLE_HEALTH_BYTES = 4 * 1024 * 1024 * 1024;

appImportRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: "post",
    path: APPLE_HEALTH_IMPORT_PATH,
    summary:
      "Import an Apple Health export.zip (multipart field 'file', or the zip itself as an application/zip body; up to 4 GB) through the health-data sync's write path; re-importing adds nothing. Answers when done",
    tags,
    security,
    request: {
      body: {
        content: {
          ...fileBody.content,
          "application/zip": { schema: z.string().openapi({ format: "binary" }) },
        },
      },
    },
    responses: {
      200: json(
        z.object({}).passthrough(),
        "Elements read, rows written per kind, skip reasons with counts",
      ),
      413: json(z.object({ error: z.string() }), "Larger than 4 GB"),
      ...errorResponses,
    },
  }),
);

/**
 * Bun closes a connection whose request has been idle for 10 s, and an import of years of
 * data answers only when done: lift that limit for this request once its body is in (a
 * stalled upload is still closed) (c.env is the Bun server under Bun.serve; absent in
 * tests that call the app directly).
 */
function allowLongRequest(c: Context<AppEnv>) {
  const server = c.env as { timeout?: (request: Request, seconds: number) => void } | undefined;
  server?.timeout?.(c.req.raw, 0);
}

const APPLE_HEALTH_UPLOAD = {
  maxBytes: MAX_APPLE_HEALTH_BYTES,
  tooLarge: "Request body too large (limit 4 GB).",
  missing: 'No file uploaded: send the export.zip, as the body or in multipart field "file".',
};

// Sync writes only the credential owner's own data; so does this import of it. The caller
// is known before a byte of the body is read: an anonymous upload costs nothing.
appImportRoutes.post(
  APPLE_HEALTH_IMPORT_PATH,
  every(access("owner_only", true), blockDemoAccount()),
  async (c) => {
    const { db, logger, auth, config } = c.var;
    const dir = await makeUploadDir(config.dataDir);
    try {
      const path = join(dir, "export.zip");
      await saveUploadToFile(c.req.raw, path, "file", APPLE_HEALTH_UPLOAD);
      allowLongRequest(c);
      const counts = await importAppleHealthLazily(
        { db, logger, userId: auth.userId, actorId: auth.actorId },
        path,
      );
      return c.json(counts, 200);
    } catch (error) {
      if (error instanceof ImportFormatError) throw new HttpError(400, error.message);
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);
