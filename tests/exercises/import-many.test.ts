import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { bearer, createTestContext, type TestContext } from "../helpers/test-app.ts";
import { emptyDir, run } from "../helpers/processes.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { call } from "../trackers/helpers.ts";
import { fixturePoints, makeGpx } from "./activity-fixtures.ts";

/** Issue 12: a zip of 500 activities, with progress per file in a job and on the CLI. */
const FILES = 500;
const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

/** 500 tiny GPX files, each a 3-point walk on a day of its own; one broken file among them. */
function manyActivities(from: string, count = FILES) {
  const members: Record<string, Uint8Array> = {};
  const day = Date.parse(from);
  for (let i = 0; i < count; i++) {
    const start = new Date(day + i * 86_400_000).toISOString();
    const name = `walks/walk-${String(i).padStart(3, "0")}.gpx`;
    members[name] = strToU8(i === 250 ? "<gpx><trk>" : makeGpx(fixturePoints(start, 3), "walking"));
  }
  return zipSync(members, { level: 1 });
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe("importing a zip of 500 activities", () => {
  test("a job the server stopped under is closed as failed, and stays failed", async () => {
    const user = await ctx.createUser();
    const form = new FormData();
    form.append("file", new File([manyActivities("1990-01-01T08:00:00Z", 60)], "export.zip"));
    const res = await ctx.request("/api/exercise-entries/import?wait=false", {
      method: "POST",
      headers: bearer(user.token),
      body: form,
    });
    const { job_id } = (await res.json()) as { job_id: string };
    const poll = async () =>
      (await call(ctx, user, "GET", `/api/exercise-entries/import-jobs/${job_id}`)).body;
    // As the server does when it stops, while the job is still running in the background.
    await ctx.jobs.interruptAll();
    const interrupted = await poll();
    expect(interrupted.status).toBe("failed");
    expect(interrupted.finished_at).not.toBeNull();
    // The job carried on here (this database stayed open); its end did not reopen the row.
    let job = interrupted;
    for (let i = 0; i < 600 && job.processed_files < 60; i++) {
      await Bun.sleep(50);
      job = await poll();
    }
    expect(job).toMatchObject({ status: "failed", processed_files: 60 });
  });

  test("the web client polls a job to completion with each file's outcome", async () => {
    const user = await ctx.createUser();
    const form = new FormData();
    form.append("file", new File([manyActivities("2020-01-01T08:00:00Z")], "export.zip"));
    const res = await ctx.request("/api/exercise-entries/import?wait=false", {
      method: "POST",
      headers: bearer(user.token),
      body: form,
    });
    expect(res.status).toBe(202);
    const started = (await res.json()) as any;
    expect(started).toMatchObject({ status: "running", total_files: FILES });
    const seen = new Set<number>();
    let job: any;
    for (let poll = 0; poll < 3000; poll++) {
      job = (await call(ctx, user, "GET", `/api/exercise-entries/import-jobs/${started.job_id}`))
        .body;
      seen.add(job.processed_files);
      expect(job.files).toHaveLength(job.processed_files);
      if (job.status !== "running") break;
      await Bun.sleep(100);
    }
    expect(job).toMatchObject({ status: "done", total_files: FILES, processed_files: FILES });
    expect(job.finished_at).not.toBeNull();
    // Progress was visible on the way, not only at the end.
    expect([...seen].some((n) => n > 0 && n < FILES)).toBe(true);
    const byFile = new Map(job.files.map((f: any) => [f.file, f]));
    expect(byFile.size).toBe(FILES);
    expect(byFile.get("export.zip/walks/walk-000.gpx")).toMatchObject({
      status: "imported",
      activity: "Walking",
      entry_date: "2020-01-01",
      gps_points: 3,
    });
    expect(byFile.get("export.zip/walks/walk-499.gpx")).toMatchObject({
      status: "imported",
      entry_date: "2021-05-14",
    });
    expect((byFile.get("export.zip/walks/walk-250.gpx") as any).error).toStartWith(
      "The file is not well-formed XML",
    );
    expect(job.files.filter((f: any) => f.status === "imported")).toHaveLength(FILES - 1);
    const [row] = await ctx.db.owner<{ count: string }[]>`
      select count(*) from exercise_entries where user_id = ${user.id} and source = 'file'`;
    expect(Number(row!.count)).toBe(FILES - 1);
  }, 600_000);
});

describe.skipIf(!usesExternalDatabase)("fitness import of a zip of 500 activities", () => {
  let database: Awaited<ReturnType<typeof createServerTestDatabase>>;
  beforeAll(async () => {
    database = await createServerTestDatabase();
  }, 60_000);
  afterAll(() => database?.drop());

  test("prints one progress line per file, then the totals", async () => {
    const env = {
      SERVICE_FITNESS_DATABASE_URL: database.url,
      SERVICE_FITNESS_DATA_DIR: emptyDir("fitness-import-many-"),
    };
    const cli = (args: string[]) => run([process.execPath, MAIN, ...args], env);
    const email = `${crypto.randomUUID()}@example.test`;
    expect(
      (await cli(["user", "create", "--email", email, "--password", "correct horse battery"])).code,
    ).toBe(0);
    const zip = join(emptyDir("fitness-many-files-"), "export.zip");
    writeFileSync(zip, manyActivities("2022-01-01T08:00:00Z"));
    const result = await cli(["import", "--email", email, zip]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(FILES + 1);
    for (let i = 0; i < FILES; i++)
      expect(lines[i]).toStartWith(
        `[${i + 1}/${FILES}] ${zip}/walks/walk-${String(i).padStart(3, "0")}.gpx: ${i === 250 ? "error: The file is not well-formed XML" : "imported Walking"}`,
      );
    expect(lines[FILES]).toStartWith(`Imported ${FILES - 1}, unchanged 0, failed 1`);
  }, 600_000);
});
