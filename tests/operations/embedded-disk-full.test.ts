import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { mountSmallDisk } from "../helpers/full-disk.ts";
import { run } from "../helpers/processes.ts";
import { seedEmbeddedDataDir } from "../helpers/test-database.ts";

const ROOT = join(import.meta.dir, "..", "..");
// Room for a migrated embedded database (about 45 MB) and little more.
const small = mountSmallDisk("96m");
afterAll(() => small?.unmount());

describe.skipIf(!small)("the embedded database on a full disk", () => {
  test("does not start, says the disk is full and what to do; starts once space is freed", async () => {
    const dataDir = join(small!.path, "data");
    await seedEmbeddedDataDir(dataDir);
    const env = {
      SERVICE_FITNESS_DATA_DIR: dataDir,
      SERVICE_FITNESS_API_ENCRYPTION_KEY: "c".repeat(64),
      BETTER_AUTH_SECRET: "disk-test-secret-".padEnd(40, "x"),
      // Every generated secret given, so the first write on the full disk is the database's.
      SERVICE_FITNESS_VAPID_PRIVATE_KEY: "1".repeat(64),
    };
    const migrate = () => run([process.execPath, join(ROOT, "src", "main.ts"), "migrate"], env);
    // Nothing left: PGlite alone would say only that it "failed to initialize properly".
    small!.fill(0);
    const full = await migrate();
    expect(full.code).toBe(1);
    expect(full.stderr).toContain(
      `The embedded database in ${dataDir} cannot start: the disk holding it is full`,
    );
    expect(full.stderr).toContain("Nothing stored is lost. Free space on that disk");
    small!.free();
    const freed = await migrate();
    expect(freed.stderr).toBe("");
    expect(freed.code).toBe(0);
  }, 240_000);
});
