import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { emptyDir, run } from "../helpers/processes.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { DAYS, exportZip } from "./apple-health-export.ts";

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");
const EMAIL = "importer@example.test";

// The command runs as its own process against a database it reaches by URL.
describe.skipIf(!usesExternalDatabase)("fitness import <app>", () => {
  let target: Awaited<ReturnType<typeof createServerTestDatabase>>;
  const files = emptyDir("app-import-cli-");
  const cli = (args: string[]) =>
    run([process.execPath, MAIN, ...args], {
      SERVICE_FITNESS_DATA_DIR: emptyDir("fitness-cli-"),
      SERVICE_FITNESS_DATABASE_URL: target.url,
    });

  beforeAll(async () => {
    target = await createServerTestDatabase();
    const created = await cli([
      "user",
      "create",
      "--email",
      EMAIL,
      "--password",
      "long enough pw 1",
    ]);
    expect(created.code).toBe(0);
  }, 60_000);
  afterAll(() => target.drop());

  test("a Cronometer CSV is imported once; the second run finds every row already there", async () => {
    const csv = join(files, "servings.csv");
    writeFileSync(
      csv,
      '\uFEFFDay,Time,Group,Food Name,Amount,Energy (kcal),Protein (g)\r\n2026-02-01,08:00,Breakfast,"Toast, buttered",2.00 slice,210,6\r\n',
    );
    const first = await cli(["import", "cronometer", "--email", EMAIL, csv]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ read: 1, written: 1, unchanged: 0 });
    const second = await cli(["import", "cronometer", "--email", EMAIL, csv]);
    expect(JSON.parse(second.stdout)).toMatchObject({ read: 1, written: 0, unchanged: 1 });
  }, 60_000);

  test("an Apple Health export.zip is streamed from its file", async () => {
    const zip = join(files, "export.zip");
    writeFileSync(zip, exportZip());
    const { code, stdout } = await cli(["import", "apple-health", "--email", EMAIL, zip]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).written).toMatchObject({ sleep_sessions: DAYS.length, workouts: 2 });
  }, 120_000);

  test("a file that is not the export exits 1 and says nothing was imported", async () => {
    const bogus = join(files, "bogus.csv");
    writeFileSync(bogus, "a,b\n1,2\n");
    const { code, stderr } = await cli(["import", "myfitnesspal", "--email", EMAIL, bogus]);
    expect(code).toBe(1);
    expect(stderr).toContain("Not a MyFitnessPal nutrition export");
    const usage = await cli(["import", "apple-health", bogus]);
    expect(usage.code).toBe(2);
  }, 60_000);
});
