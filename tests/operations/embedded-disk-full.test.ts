import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mountSmallDisk } from "../helpers/full-disk.ts";
import { run } from "../helpers/processes.ts";
import { seedEmbeddedDataDir } from "../helpers/test-database.ts";

const ROOT = join(import.meta.dir, "..", "..");
// Room for a migrated embedded database (about 45 MB) and little more.
const small = mountSmallDisk("96m");
afterAll(() => small?.unmount());

describe.skipIf(!small)("the embedded database on a full disk", () => {
  test("a first start cannot write its secrets nor the database start: each says the disk is full and what to do; it starts once space is freed", async () => {
    const dataDir = join(small!.path, "data");
    await seedEmbeddedDataDir(dataDir);
    const env = {
      SERVICE_FITNESS_DATA_DIR: dataDir,
      SERVICE_FITNESS_API_ENCRYPTION_KEY: "c".repeat(64),
      BETTER_AUTH_SECRET: "disk-test-secret-".padEnd(40, "x"),
    };
    const vapidFile = join(dataDir, "secrets", "service_fitness_vapid_private_key");
    const migrate = (extra: Record<string, string> = {}) =>
      run([process.execPath, join(ROOT, "src", "main.ts"), "migrate"], { ...env, ...extra });
    small!.fill(0);
    // A first start generates the Web Push key, the first thing it writes.
    const noSecret = await migrate();
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr).toContain(
      `The generated secret SERVICE_FITNESS_VAPID_PRIVATE_KEY cannot be written to ${join(dataDir, "secrets")}: the disk holding it is full`,
    );
    expect(noSecret.stderr).toContain("Nothing stored is lost. Free space on that disk");
    // No empty key left to be read as the key on the next start.
    expect(existsSync(vapidFile)).toBe(false);
    // Every generated secret given, the first write is the database's. PGlite alone would say
    // only that it "failed to initialize properly".
    const full = await migrate({ SERVICE_FITNESS_VAPID_PRIVATE_KEY: "1".repeat(64) });
    expect(full.code).toBe(1);
    expect(full.stderr).toContain(
      `The embedded database in ${dataDir} cannot start: the disk holding it is full`,
    );
    expect(full.stderr).toContain("Nothing stored is lost. Free space on that disk");
    small!.free();
    const freed = await migrate();
    expect(freed.stderr).toBe("");
    expect(freed.code).toBe(0);
    expect(readFileSync(vapidFile, "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
  }, 240_000);
});
