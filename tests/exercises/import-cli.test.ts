import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { emptyDir, run } from "../helpers/processes.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { fixturePoints, makeFit, makeGpx } from "./activity-fixtures.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
let database: Awaited<ReturnType<typeof createServerTestDatabase>>;

describe.skipIf(!usesExternalDatabase)("fitness import", () => {
  beforeAll(async () => {
    database = await createServerTestDatabase();
  }, 60_000);
  afterAll(() => database?.drop());

  test("imports files for a user with a progress line per file", async () => {
    const env = {
      SERVICE_FITNESS_DATABASE_URL: database.url,
      SERVICE_FITNESS_DATA_DIR: emptyDir("fitness-import-"),
    };
    const cli = (args: string[]) => run([process.execPath, MAIN, ...args], env);
    const email = `${crypto.randomUUID()}@example.test`;
    expect(
      (await cli(["user", "create", "--email", email, "--password", "correct horse battery"])).code,
    ).toBe(0);
    const dir = emptyDir("fitness-files-");
    writeFileSync(join(dir, "a.gpx"), makeGpx(fixturePoints("2026-06-01T06:00:00Z", 30)));
    writeFileSync(join(dir, "b.fit"), makeFit(fixturePoints("2026-06-02T06:00:00Z", 30)));
    writeFileSync(join(dir, "c.txt"), "nothing");
    const files = ["a.gpx", "b.fit", "c.txt"].map((f) => join(dir, f));
    const first = await cli(["import", "--email", email, ...files]);
    expect(first.code).toBe(1);
    const lines = first.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^\[1\/3\] .*a\.gpx: imported Running 2026-06-01/);
    expect(lines[1]).toMatch(/^\[2\/3\] .*b\.fit: imported Cycling 2026-06-02/);
    expect(lines[2]).toMatch(/^\[3\/3\] .*c\.txt: error: Not a GPX, TCX or FIT file\./);
    expect(lines[3]).toStartWith("Imported 2, unchanged 0, failed 1");
    const again = await cli(["import", "--email", email, files[0]!, files[1]!]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Imported 0, unchanged 2, failed 0");
    expect((await cli(["import", "--email", email])).code).toBe(2);
  }, 120_000);
});
