import { createRoute, z } from "@hono/zod-openapi";
import { stat } from "node:fs/promises";
import { errorContent } from "../auth/schemas.ts";
import { HttpError } from "../errors.ts";
import { requireAdmin, requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import { listStoredBackups, storedBackupPath } from "./backup-files.ts";
import { runBackupNow, serverStopping } from "./backup-schedule.ts";

const tags = ["Admin"];
const adminOnly = [requireUser(), requireAdmin(), blockDemoAccount()];
const backupSchema = z
  .object({ name: z.string(), bytes: z.number().int(), created_at: z.string() })
  .openapi("StoredBackup");
const failures = {
  401: { description: "Not signed in", content: errorContent },
  403: { description: "Not an administrator", content: errorContent },
};

const list = createRoute({
  method: "get",
  path: "/api/admin/backups",
  tags,
  summary: "Backups in the backup folder, newest first",
  middleware: adminOnly,
  responses: {
    200: {
      description: "Backups",
      content: { "application/json": { schema: z.array(backupSchema) } },
    },
    ...failures,
  },
});

const create = createRoute({
  method: "post",
  path: "/api/admin/backups",
  tags,
  summary: "Write a backup now (old ones beyond the retention are removed)",
  middleware: adminOnly,
  responses: {
    201: { description: "Written", content: { "application/json": { schema: backupSchema } } },
    503: {
      description: "The server stopped before the backup was finished",
      content: errorContent,
    },
    ...failures,
  },
});

const download = createRoute({
  method: "get",
  path: "/api/admin/backups/{name}",
  tags,
  summary: "Download a backup archive (.tar.gz)",
  middleware: adminOnly,
  request: { params: z.object({ name: z.string() }) },
  responses: {
    200: { description: "The archive", content: { "application/gzip": { schema: z.any() } } },
    404: { description: "No such backup", content: errorContent },
    ...failures,
  },
});

export const backupRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listStoredBackups(c.var.config.backups.dir), 200))
  .openapi(create, async (c) => {
    // A server that stops stops the backup too, as it does a scheduled one.
    const stopping = new AbortController();
    const name = (await c.var.jobs.trackAnswered(
      runBackupNow(c.var, undefined, stopping.signal),
      async () => stopping.abort(serverStopping()),
    ))!;
    const stored = await listStoredBackups(c.var.config.backups.dir);
    return c.json(
      stored.find((b) => b.name === name)!,
      201,
    );
  })
  .openapi(download, async (c) => {
    const path = storedBackupPath(c.var.config.backups.dir, c.req.valid("param").name);
    const info = path ? await stat(path).catch(() => null) : null;
    if (!path || !info?.isFile()) throw new HttpError(404, "Backup not found.");
    return new Response(Bun.file(path), {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Length": String(info.size),
        "Content-Disposition": `attachment; filename="${c.req.valid("param").name}"`,
      },
    }) as never;
  });
