import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { connectionOptions, createDatabase } from "../../src/db.ts";
import { createBackup } from "../../src/operations/backup.ts";
import { runBackupNow, serverStopping } from "../../src/operations/backup-schedule.ts";
import { restoreBackup } from "../../src/operations/restore.ts";
import { makeAdmin } from "../helpers/accounts.ts";
import { JPEG } from "../helpers/image-fixtures.ts";
import { PHOTOS, uploadPhoto } from "../helpers/photo-requests.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { gpsTrack, workoutRecord } from "../workouts/workout-fixtures.ts";
import { snapshotDatabase, snapshotUploads } from "./helpers.ts";

// Six months of a runner's data: a GPS workout every day (15 minutes at one point a second,
// with heart rate and altitude) and heart rate every ten minutes, about 26,000 rows. The
// workouts' COPY text runs to megabytes, far past the ~150-300 KB where a COPY used to hang.
const DAYS = 180;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2026, 0, 1);

let ctx: TestContext;
let runner: TestUser;
const work = mkdtempSync(join(tmpdir(), "fitness-realistic-"));

beforeAll(async () => {
  if (!usesExternalDatabase) return;
  ctx = await createTestContext();
  runner = await ctx.createUser("Runner");
  const key = await ctx.createApiKey(runner.id, ["health_data_write"]);
  const sync = async (records: unknown[]) => {
    const res = await ctx.request("/api/health-data", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(records),
    });
    const body = (await res.json()) as { errors: unknown[] };
    if (res.status !== 200 || body.errors.length) throw new Error(JSON.stringify(body));
  };
  for (let day = 0; day < DAYS; day += 10) {
    await sync(
      Array.from({ length: 10 }, (_, k) => {
        const start = new Date(FIRST_DAY + (day + k) * DAY_MS + 7 * 3600_000).toISOString();
        return workoutRecord({
          startTime: start,
          endTime: new Date(Date.parse(start) + 900_000).toISOString(),
          duration: 900,
          gps_points: gpsTrack(start, 900, {
            hr: (i) => 120 + (i % 40),
            alt: (i) => 200 + (i % 60),
          }),
        });
      }),
    );
  }
  const heartRate = Array.from({ length: DAYS * 144 }, (_, i) => ({
    type: "heart_rate",
    value: 55 + (i % 50),
    timestamp: new Date(FIRST_DAY + i * 600_000).toISOString(),
    record_timezone: "UTC",
  }));
  for (let i = 0; i < heartRate.length; i += 5_000) await sync(heartRate.slice(i, i + 5_000));
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  rmSync(work, { recursive: true, force: true });
});

const dayOf = (n: number) => new Date(Date.UTC(2027, 0, 1) + n * DAY_MS).toISOString().slice(0, 10);

/** Check-ins, one day after another, as a phone would post them; `acknowledged` in order. */
function weighDaily(user: TestUser, acknowledged: string[], isRunning: () => boolean) {
  return (async () => {
    for (let n = 0; isRunning(); n++) {
      const res = await ctx.request("/api/measurements/check-in", {
        method: "POST",
        headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ entry_date: dayOf(n), weight: 70 + (n % 10) }),
      });
      if (res.status >= 300) throw new Error(`check-in: ${res.status} ${await res.text()}`);
      acknowledged.push(dayOf(n));
    }
  })();
}

/** Progress photos uploaded one after another, every second one deleted again. */
function churnPhotos(
  user: TestUser,
  uploaded: Map<string, Uint8Array<ArrayBuffer>>,
  isRunning: () => boolean,
) {
  return (async () => {
    let previous: string | null = null;
    for (let n = 0; isRunning(); n++) {
      // Each photo's bytes are its own, so a file can be matched to its row.
      const bytes = new Uint8Array([...JPEG, ...new TextEncoder().encode(crypto.randomUUID())]);
      const res = await uploadPhoto(ctx, user, dayOf(n), "front", bytes);
      if (!res.ok) throw new Error(`photo: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: string };
      uploaded.set(id, bytes);
      if (previous) {
        const gone = await ctx.request(`${PHOTOS}/photo/${previous}`, {
          method: "DELETE",
          headers: { Authorization: `Bearer ${user.token}` },
        });
        if (gone.status >= 300) throw new Error(`delete: ${gone.status}`);
      }
      previous = n % 2 === 0 ? id : null;
    }
  })();
}

describe("a backup of a realistic database", () => {
  test("taken while check-ins and photos are written restores to one consistent moment, row by row and file by file", async () => {
    if (!usesExternalDatabase) return;
    const writer = await ctx.createUser("Writer");
    let running = true;
    const acknowledged: string[] = [];
    const uploaded = new Map<string, Uint8Array<ArrayBuffer>>();
    const writes = Promise.all([
      weighDaily(writer, acknowledged, () => running),
      churnPhotos(writer, uploaded, () => running),
    ]);
    while (acknowledged.length < 5 || uploaded.size < 5) await Bun.sleep(20);
    const before = [...acknowledged];

    const archive = join(work, "during-writes.tar.gz");
    const source = { owner: ctx.db.owner, embedded: false, uploadsDir: ctx.config.uploadsDir };
    const manifest = await createBackup(source, archive);
    const after = [...acknowledged];
    running = false;
    await writes;
    expect(manifest.tables.reduce((sum, t) => sum + t.rows, 0)).toBeGreaterThan(26_000);

    const { url, drop } = await createServerTestDatabase();
    const owner = postgres(url, connectionOptions(4));
    const target = createDatabase(owner, () => owner.end({ timeout: 5 }));
    const targetUploads = mkdtempSync(join(tmpdir(), "fitness-realistic-uploads-"));
    try {
      await restoreBackup({ owner, uploadsDir: targetUploads }, archive);
      const restored = await snapshotDatabase(owner);
      const live = await snapshotDatabase(ctx.db.owner);

      // The writers' tables are compared below; every other row is the same, byte for byte.
      const written = ["check_in_measurements", "check_in_photos"];
      const untouched = (snapshot: Record<string, string>) =>
        Object.fromEntries(Object.entries(snapshot).filter(([name]) => !written.includes(name)));
      expect(untouched(restored)).toEqual(untouched(live));

      // Check-ins: one moment of the stream, every one acknowledged before the backup began
      // and none after it ended, each row as it is in the source.
      const days = (
        await owner<{ day: string }[]>`
          select entry_date::text as day from check_in_measurements
           where user_id = ${writer.id} order by entry_date`
      ).map((row) => row.day);
      expect(days).toEqual(acknowledged.slice(0, days.length));
      expect(days.length).toBeGreaterThanOrEqual(before.length);
      expect(days.length).toBeLessThanOrEqual(after.length);
      const liveLines = new Set(live.check_in_measurements!.split("\n"));
      for (const line of restored.check_in_measurements!.split("\n"))
        expect(liveLines).toContain(line);

      // Photos: every restored row has its own file, and every restored file has its row.
      const photos = await owner<{ id: string; file_path: string }[]>`
        select id::text, file_path from check_in_photos where user_id = ${writer.id}`;
      expect(photos.length).toBeGreaterThan(0);
      const files = await snapshotUploads(targetUploads);
      expect(Object.keys(files).sort()).toEqual(photos.map((p) => p.file_path).sort());
      for (const photo of photos) {
        expect(uploaded.has(photo.id)).toBe(true);
        const bytes = readFileSync(join(targetUploads, photo.file_path));
        expect(new Uint8Array(bytes)).toEqual(uploaded.get(photo.id)!);
      }
      // Nothing was left behind for the backup's sake.
      expect(readdirSync(ctx.config.uploadsDir).filter((n) => n.startsWith("."))).toEqual([
        ".backup-holds",
      ]);
      expect(readdirSync(join(ctx.config.uploadsDir, ".backup-holds"))).toEqual([]);
      // What a backup keeps aside is never served as an upload.
      mkdirSync(join(ctx.config.uploadsDir, ".backup-kept", "foods"), { recursive: true });
      writeFileSync(join(ctx.config.uploadsDir, ".backup-kept", "foods", "a.jpg"), JPEG);
      expect((await ctx.request("/uploads/.backup-kept/foods/a.jpg")).status).toBe(404);
    } finally {
      await target.close();
      await drop();
      rmSync(targetUploads, { recursive: true, force: true });
    }
  }, 120_000);

  test("fitness backup interrupted by SIGINT exits 1 and leaves no archive, partial file or spool", async () => {
    if (!usesExternalDatabase) return;
    const spools = mkdtempSync(join(work, "cli-tmp-"));
    const url = new URL(process.env.SERVICE_FITNESS_TEST_DATABASE_URL!);
    url.pathname = `/${ctx.db.owner.options.database}`;
    const output = join(work, "interrupted.tar.gz");
    const cli = Bun.spawn([process.execPath, "src/main.ts", "backup", "--output", output], {
      env: {
        PATH: process.env.PATH ?? "",
        TMPDIR: spools,
        SERVICE_FITNESS_DATABASE_URL: url.toString(),
        SERVICE_FITNESS_DATA_DIR: ctx.config.dataDir,
        SERVICE_FITNESS_API_ENCRYPTION_KEY: ctx.config.apiEncryptionKey,
        BETTER_AUTH_SECRET: ctx.config.authSecret,
        SERVICE_FITNESS_LOG_LEVEL: "silent",
      },
      stderr: "pipe",
    });
    // Interrupted once it is reading the tables.
    const progress = cli.stderr.getReader();
    let seen = "";
    while (!seen.includes("database: ")) {
      const { value, done } = await progress.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    cli.kill("SIGINT");
    while (!(await progress.read()).done);
    expect(await cli.exited).toBe(1);
    expect(readdirSync(work).filter((name) => name.startsWith("interrupted"))).toEqual([]);
    expect(readdirSync(spools)).toEqual([]);
  }, 60_000);

  test("an admin's backup stops with the server: 503, its run closed, nothing left behind", async () => {
    if (!usesExternalDatabase) return;
    const admin = await ctx.createUser("Admin");
    await makeAdmin(ctx, admin.id);
    const answer = ctx.request("/api/admin/backups", {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const runs = () => ctx.db.owner`select 1 from backup_runs where finished_at is null`;
    while ((await runs()).length === 0) await Bun.sleep(10);
    await ctx.jobs.interruptAll(); // what the server does as it stops
    const res = await answer;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: "The server stopped before the backup was finished.",
    });
    const [run] = await ctx.db.owner<{ error: string | null }[]>`
      select error from backup_runs order by id desc limit 1`;
    expect(run!.error).toBe("The server stopped before the backup was finished.");
    expect(readdirSync(ctx.config.backups.dir)).toEqual([]);
  }, 60_000);

  test("a backup that fails closes its run and leaves no spool or partial file", async () => {
    if (!usesExternalDatabase) return;
    const spools = mkdtempSync(join(work, "tmp-"));
    const backups = join(work, "scheduled");
    const previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = spools;
    try {
      const deps = {
        db: ctx.db,
        config: { ...ctx.config, backups: { ...ctx.config.backups, dir: backups } },
      };
      const stopping = new AbortController();
      stopping.abort(serverStopping());
      await expect(runBackupNow(deps, undefined, stopping.signal)).rejects.toThrow(
        "server stopped",
      );
      const [run] = await ctx.db.owner<{ finished_at: Date | null; error: string | null }[]>`
        select finished_at, error from backup_runs order by id desc limit 1`;
      expect(run!.finished_at).toBeInstanceOf(Date);
      expect(run!.error).toBe("The server stopped before the backup was finished.");
      expect(readdirSync(spools)).toEqual([]);
      expect(readdirSync(backups)).toEqual([]);
    } finally {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
    }
  }, 60_000);
});
