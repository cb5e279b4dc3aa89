import { createRoute, z } from "@hono/zod-openapi";
import { every } from "hono/combine";
import { HttpError } from "../errors.ts";
import { limitBody } from "../http/body-limit.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import {
  access,
  asCaller,
  errorResponses,
  idParam,
  json,
  routeIn,
  security,
} from "../http/route-kit.ts";
import { ActivityFileError } from "./activity.ts";
import { exportFit } from "./export-fit.ts";
import { exportGpx } from "./export-gpx.ts";
import { loadWorkoutForExport, loadWorkoutHeartRate } from "./export-queries.ts";
import { exportTcx } from "./export-tcx.ts";
import { runImport, startImport, type ImportDeps } from "./import.ts";
import { finishImportJob, getImportJob, type FileOutcome } from "./import-jobs.ts";
import type { ActivityFile } from "./read-files.ts";

/** The one route allowed a body above the app's 10 MB limit (app.ts skips it there). */
export const ACTIVITY_IMPORT_PATH = "/api/exercise-entries/import";
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
const tags = ["Exercise"];
const anyObject = z.object({}).passthrough();

export const activityFileRoutes = createRouter();

activityFileRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: "post",
    path: ACTIVITY_IMPORT_PATH,
    summary:
      "Import GPX, TCX and FIT files, or zips of them (multipart field 'file', repeatable; up to 50 MB). ?wait=false answers 202 with a job to poll",
    tags,
    security,
    request: {
      query: z.object({ wait: z.enum(["true", "false"]).optional() }),
      body: { content: { "multipart/form-data": { schema: z.object({ file: z.any() }) } } },
    },
    responses: {
      200: json(
        anyObject,
        "Each file's outcome: imported, replaced (a richer file of an activity already imported: its data replaced the entry's, with a note), unchanged (the same file, or a file of an activity already imported from a file as rich, with a note) or error",
      ),
      202: json(anyObject, "Accepted; poll /api/exercise-entries/import-jobs/{id}"),
      413: json(z.object({ error: z.string() }), "Larger than 50 MB"),
      ...errorResponses,
    },
  }),
);

const summarise = (outcomes: FileOutcome[]) => ({
  imported: outcomes.filter((o) => o.status === "imported").length,
  replaced: outcomes.filter((o) => o.status === "replaced").length,
  unchanged: outcomes.filter((o) => o.status === "unchanged").length,
  failed: outcomes.filter((o) => o.status === "error").length,
});

activityFileRoutes.post(
  ACTIVITY_IMPORT_PATH,
  every(
    access("can_manage_diary", true),
    blockDemoAccount(),
    limitBody(MAX_IMPORT_BYTES, "Request body too large (limit 50 MB)."),
  ),
  async (c) => {
    const form = await c.req.formData().catch(() => null);
    const uploads: ActivityFile[] = [];
    for (const value of [...(form?.getAll("file") ?? []), ...(form?.getAll("files") ?? [])])
      if (value instanceof File && value.size > 0)
        uploads.push({
          name: value.name || "upload",
          bytes: new Uint8Array(await value.arrayBuffer()),
        });
    if (uploads.length === 0)
      throw new HttpError(
        400,
        'No file uploaded: send multipart/form-data with files in field "file".',
      );
    const { db, logger, auth } = c.var;
    const deps: ImportDeps = { db, logger, userId: auth.userId, actorId: auth.actorId };
    let started;
    try {
      started = await startImport(deps, uploads);
    } catch (error) {
      if (error instanceof ActivityFileError) throw new HttpError(400, error.message);
      throw error;
    }
    const run = c.var.jobs.track(runImport(deps, started.jobId, started.files), () =>
      finishImportJob(deps, started.jobId, true),
    );
    if (c.req.query("wait") === "false") {
      run.catch((error) =>
        logger.error("activity import job failed", { error: (error as Error).message }),
      );
      return c.json(
        { job_id: started.jobId, status: "running", total_files: started.files.length },
        202,
      );
    }
    const files = await run;
    return c.json({ job_id: started.jobId, status: "done", ...summarise(files), files }, 200);
  },
);

const jobRoute = createRoute({
  method: "get",
  path: "/api/exercise-entries/import-jobs/{id}",
  summary: "Progress of an import: status, files processed of total, each file's outcome",
  tags,
  security,
  middleware: access("can_manage_diary", false),
  request: { params: idParam },
  responses: { 200: json(anyObject, "The job"), ...errorResponses },
});

const exportRoute = routeIn(tags)({
  method: "get",
  path: "/api/exercise-entries/{id}/export",
  summary:
    "One workout as GPX, TCX or FIT, readable back by the importer. FIT and TCX carry a workout without GPS too (its heart rate); GPX needs a track",
  // The track is health telemetry, read under can_manage_checkin like its routes.
  middleware: access("can_manage_checkin", false),
  request: {
    params: idParam,
    query: z.object({ format: z.enum(["gpx", "tcx", "fit"]).default("gpx") }),
  },
  responses: {
    200: {
      description: "The file",
      content: {
        "application/gpx+xml": { schema: z.string() },
        "application/vnd.garmin.tcx+xml": { schema: z.string() },
        "application/vnd.ant.fit": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...errorResponses,
  },
});

activityFileRoutes
  .openapi(jobRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db, auth } = c.var;
    const job = isUuid(id) ? await getImportJob(db, auth.userId, auth.actorId, id) : undefined;
    if (!job) throw new HttpError(404, "Import job not found.");
    return c.json(job, 200);
  })
  .openapi(exportRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { format } = c.req.valid("query");
    const workout = isUuid(id)
      ? await asCaller(c, (tx, u) => loadWorkoutForExport(tx, u, id))
      : undefined;
    if (!workout) throw new HttpError(404, "Exercise entry not found.");
    const file = `workout-${workout.id}.${format}`;
    c.header("Content-Disposition", `attachment; filename="${file}"`);
    if (format !== "gpx") {
      const heartRate = workout.t_offset_ms?.length
        ? { t: [], bpm: [] }
        : await asCaller(c, (tx, u) => loadWorkoutHeartRate(tx, u, workout));
      if (format === "tcx")
        return c.body(exportTcx(workout, heartRate), 200, {
          "Content-Type": "application/vnd.garmin.tcx+xml",
        });
      const bytes = await exportFit(workout, heartRate);
      return c.body(bytes.slice().buffer as ArrayBuffer, 200, {
        "Content-Type": "application/vnd.ant.fit",
      });
    }
    if (!workout.t_offset_ms?.length)
      throw new HttpError(404, "This workout has no GPS track to export as GPX.");
    return c.body(exportGpx(workout), 200, { "Content-Type": "application/gpx+xml" });
  });
