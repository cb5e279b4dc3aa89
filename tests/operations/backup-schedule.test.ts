import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBackupNow } from "../../src/operations/backup-schedule.ts";
import { bearer, createTestContext, type TestContext } from "../helpers/test-app.ts";
import { seedSampleData } from "./helpers.ts";
import { makeAdmin } from "../helpers/accounts.ts";

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
