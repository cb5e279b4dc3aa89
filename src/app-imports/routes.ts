import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { every } from "hono/combine";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import { access, errorResponses, json, security } from "../http/route-kit.ts";
import { ImportFormatError } from "./csv.ts";
import { importDiaryCsv } from "./diary-import.ts";

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
export async function uploadedFile(c: Context<AppEnv>): Promise<File> {
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
