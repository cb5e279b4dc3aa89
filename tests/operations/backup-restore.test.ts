import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { connectionOptions, createDatabase, openDatabase, type Database } from "../../src/db.ts";
import { createBackup } from "../../src/operations/backup.ts";
import { restoreBackup } from "../../src/operations/restore.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import {
  createServerTestDatabase,
  createTestConfig,
  removeTestDataDir,
  usesExternalDatabase,
} from "../helpers/test-database.ts";
import { run } from "../helpers/processes.ts";
import { seedSampleData, snapshotDatabase, snapshotUploads } from "./helpers.ts";

let ctx: TestContext;
const work = mkdtempSync(join(tmpdir(), "fitness-backups-"));
beforeAll(async () => {
  ctx = await createTestContext();
  await seedSampleData(ctx.db, ctx.config);
  await seedSampleData(ctx.db, ctx.config);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(work, { recursive: true, force: true });
});

const source = (db: Database, uploadsDir: string) => ({
  owner: db.owner,
  embedded: db.embedded,
  uploadsDir,
});

/** A second, freshly migrated database of the same kind as the test database. */
async function otherDatabase(): Promise<{
  db: Database;
  uploadsDir: string;
  close(): Promise<void>;
}> {
  const config = createTestConfig();
  const db = usesExternalDatabase ? await externalDatabase() : await openDatabase(config);
  return {
    db,
    uploadsDir: config.uploadsDir,
    async close() {
      await db.close();
      removeTestDataDir(config);
    },
  };
}

async function externalDatabase(): Promise<Database> {
  const { url, drop } = await createServerTestDatabase();
  const owner = postgres(url, connectionOptions(4));
  return createDatabase(owner, async () => {
    await owner.end({ timeout: 5 });
    await drop();
  });
}

describe("backup and restore", () => {
  test("restore gives identical rows, sequences and files; progress is reported", async () => {
    const archive = join(work, "a.tar.gz");
    const lines: string[] = [];
    const manifest = await createBackup(source(ctx.db, ctx.config.uploadsDir), archive, (l) =>
      lines.push(l),
    );
    expect(manifest.files.length).toBe(2);
    expect(manifest.tables.find((t) => t.name === "users")!.rows).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => l.startsWith("database: "))).toBe(true);
    expect(lines.at(-1)).toBe(`backup written: ${archive}`);

    const target = await otherDatabase();
    try {
      await restoreBackup(source(target.db, target.uploadsDir), archive);
      expect(await snapshotDatabase(target.db.owner)).toEqual(await snapshotDatabase(ctx.db.owner));
      expect(await snapshotUploads(target.uploadsDir)).toEqual(
        await snapshotUploads(ctx.config.uploadsDir),
      );
      // The restored server works: its own sessions and writes go on.
      await seedSampleData(target.db, { ...ctx.config, uploadsDir: target.uploadsDir });

      // Now it has accounts: refused without force, replaced with it.
      await expect(restoreBackup(source(target.db, target.uploadsDir), archive)).rejects.toThrow(
        /not empty \(\d+ accounts\); use --force/,
      );
      await restoreBackup(source(target.db, target.uploadsDir), archive, { force: true });
      expect(await snapshotDatabase(target.db.owner)).toEqual(await snapshotDatabase(ctx.db.owner));
    } finally {
      await target.close();
    }
  }, 120_000);

  test("a damaged archive is refused before anything changes", async () => {
    const archive = join(work, "b.tar.gz");
    await createBackup(source(ctx.db, ctx.config.uploadsDir), archive);
    const { gunzipSync, gzipSync } = await import("node:zlib");
    const tar = gunzipSync(readFileSync(archive));
    const at = tar.indexOf(Buffer.from("Backup Person"));
    tar[at] = "X".charCodeAt(0);
    const damaged = join(work, "damaged.tar.gz");
    writeFileSync(damaged, gzipSync(tar));
    const target = await otherDatabase();
    try {
      await expect(restoreBackup(source(target.db, target.uploadsDir), damaged)).rejects.toThrow(
        /The backup is damaged: database\/\w+\.copy does not match its checksum/,
      );
      const [row] = await target.db.owner`select count(*)::int as n from users`;
      expect(row!.n).toBe(0);
    } finally {
      await target.close();
    }
  }, 60_000);

  test("embedded -> external -> embedded keeps every row and file", async () => {
    if (!usesExternalDatabase) return;
    const first = createTestConfig();
    const embedded = await openDatabase(first);
    const external = await externalDatabase();
    const externalUploads = mkdtempSync(join(tmpdir(), "fitness-ext-uploads-"));
    const last = createTestConfig();
    try {
      await seedSampleData(embedded, first);
      const one = join(work, "embedded.tar.gz");
      const manifest = await createBackup(source(embedded, first.uploadsDir), one);
      expect(manifest.engine).toBe("embedded");
      await restoreBackup(source(external, externalUploads), one);
      const two = join(work, "external.tar.gz");
      await createBackup(source(external, externalUploads), two);
      // An empty data directory: no schema at all until the restore builds it.
      const again = await openDatabase(last, { migrate: false });
      try {
        await restoreBackup(source(again, last.uploadsDir), two);
        const expected = await snapshotDatabase(embedded.owner);
        expect(await snapshotDatabase(external.owner)).toEqual(expected);
        expect(await snapshotDatabase(again.owner)).toEqual(expected);
        expect(await snapshotUploads(last.uploadsDir)).toEqual(
          await snapshotUploads(first.uploadsDir),
        );
      } finally {
        await again.close();
      }
    } finally {
      await embedded.close();
      await external.close();
      removeTestDataDir(first);
      removeTestDataDir(last);
      rmSync(externalUploads, { recursive: true, force: true });
    }
  }, 420_000); // two embedded engines start and migrate: minutes on a busy machine

  test("the CLI writes a backup and refuses to restore over accounts", async () => {
    if (!usesExternalDatabase) return;
    const { url, drop } = await createServerTestDatabase();
    const config = createTestConfig({ SERVICE_FITNESS_DATABASE_URL: url });
    const db = createDatabase(postgres(url, connectionOptions(2)), async () => {});
    try {
      await seedSampleData(db, config);
      const env = {
        SERVICE_FITNESS_DATABASE_URL: url,
        SERVICE_FITNESS_DATA_DIR: config.dataDir,
        SERVICE_FITNESS_API_ENCRYPTION_KEY: config.apiEncryptionKey,
        BETTER_AUTH_SECRET: config.authSecret,
        SERVICE_FITNESS_LOG_LEVEL: "silent",
      };
      const output = join(work, "cli.tar.gz");
      const cli = (args: string[]) => run([process.execPath, "src/main.ts", ...args], env);
      const made = await cli(["backup", "--output", output]);
      expect(made.code).toBe(0);
      expect(made.stdout).toContain(`written to ${output}`);
      expect(made.stderr).toContain("database: ");
      const refused = await cli(["restore", output]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("use --force");
      expect((await cli(["restore", output, "--force"])).code).toBe(0);
    } finally {
      await db.owner.end();
      await drop();
      removeTestDataDir(config);
    }
  }, 120_000);
});
