import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { access, errorResponses, json, routeIn } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import { exportFileName, exportUserArchive } from "./export.ts";
import { importUserArchive } from "./import.ts";

const route = routeIn(["Export"]);
const NO_FILE =
  'No archive uploaded: send a multipart/form-data body with the zip in field "file".';

const countsSchema = z.object({
  read: z.number().int(),
  added: z.number().int(),
  skipped: z.number().int(),
});
const summarySchema = z
  .object({ tables: z.record(z.string(), countsSchema), files_written: z.number().int() })
  .openapi("ImportSummary");

const exportRoute = route({
  method: "get",
  path: "/api/export",
  summary: "Download all of one's own data as a zip (JSON and CSV per domain, photos, manifest)",
  middleware: [access("owner_only", false)],
  responses: {
    200: { description: "The zip", content: { "application/zip": { schema: z.any() } } },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const importRoute = route({
  method: "post",
  path: "/api/import",
  summary: "Import a zip made by GET /api/export into one's own account (idempotent)",
  request: {
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.any().openapi({ format: "binary" }) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(summarySchema, "What was read, added and skipped, per table"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const exportRoutes = createRouter();
exportRoutes.openAPIRegistry.registerPath(importRoute);

// Parsed by hand rather than by a declared multipart schema, so a missing or malformed
// body is a clear 400.
exportRoutes.post("/api/import", access("owner_only", true), blockDemoAccount(), async (c) => {
  const form = await c.req.formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File) || file.size === 0) throw new HttpError(400, NO_FILE);
  const { db, config, auth } = c.var;
  const bytes = new Uint8Array(await file.arrayBuffer());
  return c.json(await importUserArchive(db, config.uploadsDir, auth.userId, bytes), 200);
});

exportRoutes.openapi(exportRoute, async (c) => {
  const { db, config, auth } = c.var;
  const stream = await exportUserArchive(db, config.uploadsDir, auth.userId);
  return new Response(stream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "private, no-store",
    },
  }) as never;
});
