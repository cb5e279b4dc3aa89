import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeAdmin } from "../helpers/accounts.ts";
import { mountSmallDisk } from "../helpers/full-disk.ts";
import { JPEG } from "../helpers/image-fixtures.ts";
import { bearer, createTestContext, type TestContext } from "../helpers/test-app.ts";
import { usesExternalDatabase } from "../helpers/test-database.ts";

// A 2 MB tmpfs holds the uploads, the backups and the upload spool (<data>/tmp): filled up,
// it plays a full disk.
const small = usesExternalDatabase ? mountSmallDisk("2m") : null;
const disk = small?.path ?? "";
let ctx: TestContext;
let admin: { token: string };

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    statSync(join(dir, name)).isFile(),
  );

beforeAll(async () => {
  if (!small) return;
  for (const name of ["uploads", "backups", "tmp"]) mkdirSync(join(disk, name));
  ctx = await createTestContext({
    SERVICE_FITNESS_UPLOADS_DIR: join(disk, "uploads"),
    SERVICE_FITNESS_BACKUP_DIR: join(disk, "backups"),
  });
  symlinkSync(join(disk, "tmp"), join(ctx.config.dataDir, "tmp"));
  const user = await ctx.createUser();
  await makeAdmin(ctx, user.id);
  admin = user;
  // A table of incompressible text, so a backup's archive is far larger than what is left.
  await ctx.db.owner`create table disk_full_filler (t text)`;
  await ctx.db.owner`
    insert into disk_full_filler select string_agg(md5(random()::text), '')
      from generate_series(1, 20000)`;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  small?.unmount();
});

const expectDiskFull = async (res: Response) => {
  expect(res.status).toBe(507);
  expect(((await res.json()) as { error: string }).error).toStartWith("The disk is full");
};

describe.skipIf(!small)("a full disk", () => {
  // With no room at all, the hold marker itself cannot be written; with a little, the archive.
  test.each([0, 16 * 1024])(
    "a backup fails at once with 507 and leaves no hold, partial file, spool or open run (%d bytes free)",
    async (leave) => {
      small!.fill(leave);
      const spoolsBefore = readdirSync(tmpdir()).filter((n) => n.startsWith("fitness-backup-"));
      const started = performance.now();
      const res = await ctx.request("/api/admin/backups", {
        method: "POST",
        headers: bearer(admin.token),
      });
      await expectDiskFull(res);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(filesUnder(join(disk, "backups"))).toEqual([]);
      expect(filesUnder(join(disk, "uploads"))).toEqual([]); // no hold marker left
      const spools = readdirSync(tmpdir()).filter((n) => n.startsWith("fitness-backup-"));
      expect(spools.filter((n) => !spoolsBefore.includes(n))).toEqual([]);
      const [run] = await ctx.db.owner<{ finished_at: Date | null; error: string }[]>`
      select finished_at, error from backup_runs order by id desc limit 1`;
      expect(run!.finished_at).toBeInstanceOf(Date);
      expect(run!.error).toStartWith("The disk is full");
    },
    60_000,
  );

  test("a photo is refused with 507, its temporary file removed, nothing stored", async () => {
    small!.fill();
    const user = await ctx.createUser();
    const form = new FormData();
    form.append("photo", new File([JPEG], "front.jpg", { type: "image/jpeg" }));
    const res = await ctx.request("/api/measurements/check-in-photos/2026-03-02/front", {
      method: "POST",
      headers: bearer(user.token),
      body: form,
    });
    await expectDiskFull(res);
    expect(filesUnder(join(disk, "uploads"))).toEqual([]);
    const photos = await ctx.db.owner`select 1 from check_in_photos where user_id = ${user.id}`;
    expect(photos.length).toBe(0);
  }, 60_000);

  test("an upload streamed to disk (multipart or raw) is a 507, not a malformed body", async () => {
    small!.fill();
    const user = await ctx.createUser();
    const zip = new Uint8Array(256 * 1024).map(() => Math.floor(Math.random() * 256));
    const form = new FormData();
    form.append("file", new File([zip], "export.zip", { type: "application/zip" }));
    for (const body of [form, zip]) {
      const res = await ctx.request("/api/import/apple-health", {
        method: "POST",
        headers: bearer(user.token),
        body,
      });
      await expectDiskFull(res);
    }
    expect(filesUnder(join(disk, "tmp"))).toEqual([]);
  }, 60_000);

  test("once space is freed, the same photo is stored", async () => {
    small!.free();
    const user = await ctx.createUser();
    const form = new FormData();
    form.append("photo", new File([JPEG], "front.jpg", { type: "image/jpeg" }));
    const res = await ctx.request("/api/measurements/check-in-photos/2026-03-02/front", {
      method: "POST",
      headers: bearer(user.token),
      body: form,
    });
    expect(res.ok).toBe(true);
    expect(filesUnder(join(disk, "uploads")).length).toBe(1);
  }, 60_000);
});
