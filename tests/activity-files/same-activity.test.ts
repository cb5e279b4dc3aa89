import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";
import { fixturePoints, makeFit, makeGpx, makeTcx } from "../exercises/activity-fixtures.ts";
import { importFiles } from "./import-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const entriesOf = async (user: TestUser) =>
  ctx.db.owner<{ id: string; source_id: string }[]>`
    select id, source_id from exercise_entries where user_id = ${user.id}`;
const entry = async (user: TestUser, id: string) =>
  (await call(ctx, user, "GET", `/api/exercise-entries/${id}`)).body;

describe("one activity from several files is one entry", () => {
  test("a GPX with a trailing newline is the entry already imported, kept as it is", async () => {
    const user = await ctx.createUser();
    const gpx = makeGpx(fixturePoints("2026-06-01T06:00:00Z", 300));
    const [first] = await importFiles(ctx, user, [["run.gpx", gpx]]);
    const [second] = await importFiles(ctx, user, [["run-copy.gpx", `${gpx}\n`]]);
    expect(second).toMatchObject({ status: "unchanged", entry_id: first!.entry_id });
    expect(second!.note).toContain("run.gpx");
    expect(await entriesOf(user)).toHaveLength(1);
  });

  test("the watch's FIT after the GPX replaces its data, in the same entry; the GPX again changes nothing", async () => {
    const user = await ctx.createUser();
    const points = fixturePoints("2026-06-02T06:00:00Z", 600);
    const [gpx] = await importFiles(ctx, user, [["strava.gpx", makeGpx(points)]]);
    expect(gpx).toMatchObject({ status: "imported" });
    // The GPX starts 1 s after the FIT: services trim the first second.
    const fit = makeFit([{ ...points[0]!, t: points[0]!.t - 1000 }, ...points], {
      sport: "running",
      lapEvery: 200,
    });
    const [replaced] = await importFiles(ctx, user, [["watch.fit", fit]]);
    expect(replaced).toMatchObject({ status: "replaced", entry_id: gpx!.entry_id });
    expect(replaced!.note).toContain("strava.gpx");
    expect(replaced!.note).toContain("power");
    const kept = await entry(user, gpx!.entry_id);
    expect(kept.source_id).toStartWith("fit:4242:");
    expect(kept.avg_power_watts).toBe(210);
    expect(kept.calories_burned).toBe(321);
    const laps = await call(ctx, user, "GET", `/api/generic-health/workout-laps/${gpx!.entry_id}`);
    expect(laps.body.data).toHaveLength(4);

    const [again] = await importFiles(ctx, user, [["strava-again.gpx", `${makeGpx(points)}\n`]]);
    expect(again).toMatchObject({ status: "unchanged", entry_id: gpx!.entry_id });
    expect(again!.note).toContain("watch.fit");
    expect(await entriesOf(user)).toHaveLength(1);
  });

  test("a TCX after the FIT is the same activity; the FIT's richer data stays", async () => {
    const user = await ctx.createUser();
    const points = fixturePoints("2026-06-03T06:00:00Z", 400);
    const [fit] = await importFiles(ctx, user, [
      ["watch.fit", makeFit(points, { sport: "running" })],
    ]);
    const [tcx] = await importFiles(ctx, user, [["export.tcx", makeTcx(points, "Running")]]);
    expect(tcx).toMatchObject({ status: "unchanged", entry_id: fit!.entry_id });
    expect((await entry(user, fit!.entry_id)).avg_power_watts).toBe(210);
  });

  test("another activity the same morning, or another sport at the same time, is its own entry", async () => {
    const user = await ctx.createUser();
    await importFiles(ctx, user, [
      ["run.gpx", makeGpx(fixturePoints("2026-06-04T06:00:00Z", 300))],
    ]);
    const [later] = await importFiles(ctx, user, [
      ["later.gpx", makeGpx(fixturePoints("2026-06-04T06:06:00Z", 300))],
    ]);
    expect(later).toMatchObject({ status: "imported" });
    const [ride] = await importFiles(ctx, user, [
      ["ride.gpx", makeGpx(fixturePoints("2026-06-04T06:00:00Z", 300, 8), "cycling")],
    ]);
    expect(ride).toMatchObject({ status: "imported" });
    expect(await entriesOf(user)).toHaveLength(3);
  });
});
