import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import { startS3Server } from "../fakes/s3-server.ts";
import { JPEG, PNG } from "../helpers/image-fixtures.ts";
import { PHOTOS, uploadPhoto } from "../helpers/photo-requests.ts";
import { createTestConfig } from "../helpers/test-database.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { createRunningJobs } from "../../src/lib/running-jobs.ts";
import { holdRemovedUploads } from "../../src/storage/upload-holds.ts";
import { listHeldUploads, listUploads, openHeldUpload } from "../../src/storage/uploads.ts";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext(s3.env);
  user = await ctx.createUser();
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await s3.close();
});

const auth = () => ({ headers: { Authorization: `Bearer ${user.token}` } });

describe("uploads in an S3-compatible bucket", () => {
  test("a check-in photo is stored in the bucket, read back through the API and deleted", async () => {
    const res = await uploadPhoto(ctx, user, "2026-03-01", "front", JPEG);
    expect(res.status).toBe(200);
    const photo = (await res.json()) as { id: string; file_path: string };
    expect(await s3.client.file(photo.file_path).exists()).toBe(true);
    expect(existsSync(join(ctx.config.uploadsDir, photo.file_path))).toBe(false);

    const file = await ctx.request(`${PHOTOS}/file/${photo.id}`, auth());
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(JPEG);

    const deleted = await ctx.request(`${PHOTOS}/photo/${photo.id}`, {
      method: "DELETE",
      ...auth(),
    });
    expect(deleted.status).toBe(204);
    expect(await s3.client.file(photo.file_path).exists()).toBe(false);
  });

  test("two servers on one database and one bucket see each other's files", async () => {
    // A second app with its own local data directory: only the database and the bucket
    // are shared, as between two processes behind one proxy.
    const other = createApp({
      config: createTestConfig(s3.env),
      db: ctx.db,
      logger: createLogger("silent"),
      jobs: createRunningJobs(),
    });
    const res = await uploadPhoto(ctx, user, "2026-03-02", "side", PNG, "p.png", "image/png");
    const photo = (await res.json()) as { id: string };
    const seen = await other.request(`${PHOTOS}/file/${photo.id}`, auth());
    expect(seen.status).toBe(200);
    expect(new Uint8Array(await seen.arrayBuffer())).toEqual(PNG);

    const form = new FormData();
    form.append("photo", new File([JPEG], "j.jpg", { type: "image/jpeg" }));
    const fromOther = await other.request(`${PHOTOS}/2026-03-03/back`, {
      method: "POST",
      body: form,
      ...auth(),
    });
    expect(fromOther.status).toBe(200);
    const otherPhoto = (await fromOther.json()) as { id: string };
    const back = await ctx.request(`${PHOTOS}/file/${otherPhoto.id}`, auth());
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(JPEG);
  });

  test("the personal export carries the photos kept in the bucket", async () => {
    const res = await ctx.request("/api/export", auth());
    expect(res.status).toBe(200);
    const { unzipSync } = await import("fflate");
    const names = Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())));
    expect(names.filter((n) => n.startsWith("files/check-in/")).length).toBe(2);
  });

  test("while a backup holds, a deleted photo stays readable for it until it ends", async () => {
    const res = await uploadPhoto(ctx, user, "2026-03-04", "front", JPEG);
    const photo = (await res.json()) as { id: string; file_path: string };
    const root = ctx.config.uploadsDir;
    const release = await holdRemovedUploads(root);
    // A second backup (another server's) holds too; the files stay until both have ended.
    const other = await holdRemovedUploads(root);
    const deleted = await ctx.request(`${PHOTOS}/photo/${photo.id}`, {
      method: "DELETE",
      ...auth(),
    });
    expect(deleted.status).toBe(204);
    expect(await s3.client.file(photo.file_path).exists()).toBe(false);
    const kept = await openHeldUpload(root, photo.file_path);
    expect(new Uint8Array(await kept!.arrayBuffer())).toEqual(JPEG);
    expect((await listHeldUploads(root)).map((f) => f.path)).toContain(photo.file_path);
    // The bookkeeping is not an upload, to list or to serve.
    const listed = (await listUploads(root)).map((f) => f.path);
    expect(listed.filter((path) => path.startsWith(".backup"))).toEqual([]);
    expect(listed).not.toContain(photo.file_path);

    await release();
    expect(await openHeldUpload(root, photo.file_path)).not.toBeNull();
    await other();
    expect(await openHeldUpload(root, photo.file_path)).toBeNull();
    expect((await s3.client.list({ prefix: ".backup" })).contents ?? []).toEqual([]);
  });
});
