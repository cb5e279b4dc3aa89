import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBackupNow } from "../../src/operations/backup-schedule.ts";
import { createSpool } from "../../src/operations/backup-spool.ts";
import { bearer, createTestContext, type TestContext } from "../helpers/test-app.ts";
import { seedSampleData } from "./helpers.ts";
import { makeAdmin } from "../helpers/accounts.ts";

const SPOOL_MODULE = join(import.meta.dir, "../../src/operations/backup-spool.ts");
let ctx: TestContext;
const dir = mkdtempSync(join(tmpdir(), "fitness-scheduled-"));
beforeAll(async () => {
  ctx = await createTestContext({
    SERVICE_FITNESS_BACKUP_DIR: dir,
    SERVICE_FITNESS_BACKUP_RETENTION: "2",
  });
  await seedSampleData(ctx.db, ctx.config);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function admin() {
  const user = await ctx.createUser();
  await makeAdmin(ctx, user.id);
  return user;
}

describe("scheduled backups", () => {
  test("a run is skipped while one started within the interval, on any process", async () => {
    const first = await runBackupNow(ctx, 24);
    expect(first).toMatch(/^fitness-backup-\d{8}-\d{6}-\d{3}\.tar\.gz$/);
    expect(await runBackupNow(ctx, 24)).toBeNull();
    const [run] = await ctx.db.owner`
      select file_name, finished_at, error from backup_runs order by id desc limit 1`;
    expect(run).toMatchObject({ file_name: first, error: null });
    expect(run!.finished_at).toBeInstanceOf(Date);
  }, 60_000);

  test("admins list, write and download backups; retention keeps the newest", async () => {
    const boss = await admin();
    const plain = await ctx.createUser();
    expect((await ctx.request("/api/admin/backups", { headers: bearer(plain.token) })).status).toBe(
      403,
    );
    const names: string[] = [];
    const name = (i: number) => names[i]!;
    for (let i = 0; i < 3; i++) {
      const res = await ctx.request("/api/admin/backups", {
        method: "POST",
        headers: bearer(boss.token),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { name: string; bytes: number };
      expect(body.bytes).toBeGreaterThan(0);
      names.push(body.name);
    }
    const listed = await ctx.request("/api/admin/backups", { headers: bearer(boss.token) });
    const backups = (await listed.json()) as { name: string }[];
    expect(backups.map((b) => b.name)).toEqual([name(2), name(1)]);
    expect(readdirSync(dir).sort()).toEqual([name(1), name(2)].sort());

    const file = await ctx.request(`/api/admin/backups/${names[2]}`, {
      headers: bearer(boss.token),
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/gzip");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(readFileSync(join(dir, names[2]!)));
    for (const bad of [names[0], "..%2Fsecrets", "manifest.json"]) {
      const res = await ctx.request(`/api/admin/backups/${bad}`, { headers: bearer(boss.token) });
      expect(res.status).toBe(404);
    }
  }, 120_000);
});

describe("what a killed backup leaves behind", () => {
  test("the next run closes runs whose lease ran out and removes spools of dead processes", async () => {
    // A process that dies with kill -9 while its spool folder exists.
    const child = Bun.spawn(
      [
        process.execPath,
        "-e",
        `const { createSpool } = await import(${JSON.stringify(SPOOL_MODULE)});
         console.log(await createSpool()); await Bun.sleep(60_000);`,
      ],
      { stdout: "pipe" },
    );
    const reader = child.stdout.getReader();
    let printed = "";
    while (!printed.includes("\n"))
      printed += new TextDecoder().decode((await reader.read()).value);
    const deadSpool = printed.trim();
    child.kill("SIGKILL");
    await child.exited;
    expect(existsSync(deadSpool)).toBe(true);
    // A live process's spool (this one's), and one whose owner is not written yet, stay.
    const liveSpool = await createSpool();
    const unnamedSpool = mkdtempSync(join(tmpdir(), "fitness-backup-"));

    await ctx.db.owner`delete from backup_runs`;
    // Killed a minute ago: its lease ran out. Another server's long run renews its lease.
    await ctx.db.owner`
      insert into backup_runs (file_name, started_at, lease_until) values
        ('killed.tar.gz', now() - interval '1 minute', now() - interval '1 second'),
        ('elsewhere.tar.gz', now() - interval '3 days', now() + interval '5 minutes')`;
    try {
      // Due although a run started a minute ago: that run was abandoned.
      expect(await runBackupNow(ctx, 24)).toMatch(/^fitness-backup-/);
      const runs = await ctx.db.owner<{ file_name: string; open: boolean; error: string | null }[]>`
        select file_name, finished_at is null as open, error from backup_runs order by id`;
      expect(runs.slice(0, 2)).toEqual([
        {
          file_name: "killed.tar.gz",
          open: false,
          error: "Abandoned: the process writing it stopped before it finished.",
        },
        { file_name: "elsewhere.tar.gz", open: true, error: null },
      ]);
      expect(runs[2]).toMatchObject({ open: false, error: null });
      expect(existsSync(deadSpool)).toBe(false);
      expect(existsSync(liveSpool)).toBe(true);
      expect(existsSync(unnamedSpool)).toBe(true);
    } finally {
      rmSync(liveSpool, { recursive: true, force: true });
      rmSync(unnamedSpool, { recursive: true, force: true });
    }
  }, 60_000);
});
