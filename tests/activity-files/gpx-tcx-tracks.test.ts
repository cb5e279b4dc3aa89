import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";
import { fixturePoints, makeFit, makeGpx, makeTcx } from "../exercises/activity-fixtures.ts";
import { importFiles } from "./import-helpers.ts";

const CORPUS = `${import.meta.dir}/corpus/gpx-tcx`;

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser();
}, 60_000);
afterAll(() => ctx.close());

async function importOne(name: string, content: string | Uint8Array) {
  const [outcome] = await importFiles(ctx, user, [[name, content]]);
  expect(outcome).toMatchObject({ status: "imported" });
  const entry = (await call(ctx, user, "GET", `/api/exercise-entries/${outcome!.entry_id}`)).body;
  return { outcome: outcome!, entry };
}

const trackOf = async (id: string) =>
  (await call(ctx, user, "GET", `/api/generic-health/workout-gps/${id}`)).body.data.points as {
    t: string;
    lat: number;
    new_segment?: true;
  }[];

describe("GPX and TCX tracks as the file recorded them", () => {
  test("a Sports Tracker GPX with 3,078 backward time steps keeps its order: 12.3 km, not 36.6", async () => {
    const file = readFileSync(`${CORPUS}/sportslib-sample-sports-tracker.gpx.zip`);
    const { entry } = await importOne("sports-tracker.gpx.zip", file);
    expect(entry.distance).toBeCloseTo(12.286, 2);
  });

  test("a GPX of 8 tracks is 8 parts with pauses between them: 4.6 km, not 13.7", async () => {
    const file = readFileSync(`${CORPUS}/gpxpy-cerknicko-jezero.gpx`);
    const { outcome, entry } = await importOne("cerknicko.gpx", file);
    expect(entry.distance).toBeCloseTo(4.575, 2);
    const points = await trackOf(outcome.entry_id);
    // Seven of the tracks have points: six pauses.
    expect(points.filter((p) => p.new_segment)).toHaveLength(6);
    // The pauses are not moving time: 30 minutes of the 70 between first and last point.
    expect(entry.moving_time_seconds).toBeLessThan(entry.elapsed_time_seconds - 1500);
    // The recorded time is each track's span, without the pauses.
    expect(entry.duration_seconds).toBe(4239);
  });

  test("gpxpy's track with its last point's clock an hour early: 195.5 km, not 390.3", async () => {
    const file = readFileSync(`${CORPUS}/gpxpy-first-and-last-elevation.gpx`);
    const { outcome, entry } = await importOne("first-and-last.gpx", file);
    expect(entry.distance).toBeCloseTo(195.497, 2);
    const track = await trackOf(outcome.entry_id);
    expect(track.at(-1)).toMatchObject({ t: "2013-05-18T09:23:04.000Z", lat: 46.148820188 });
  });

  test("a point out of time order stays where the file has it", async () => {
    const points = fixturePoints("2026-05-01T06:00:00Z", 10);
    // The sixth point's clock is a minute early; its position is on the way.
    points[5] = { ...points[5]!, t: points[5]!.t - 60_000 };
    const { outcome, entry } = await importOne("clock.gpx", makeGpx(points));
    const track = await trackOf(outcome.entry_id);
    expect(track.map((p) => p.lat)).toEqual(points.map((p) => p.lat));
    expect(entry.distance).toBeCloseTo(0.027, 3);
    expect(Date.parse(entry.start_time)).toBe(points[5]!.t);
  });

  test("a TCX lap recorded as two Tracks has a pause between them", async () => {
    const first = fixturePoints("2026-05-02T06:00:00Z", 60);
    // The second Track starts 10 minutes later, 1 km further north.
    const second = fixturePoints("2026-05-02T06:11:00Z", 60).map((p) => ({
      ...p,
      lat: p.lat + 0.009,
      dist: p.dist + 1180,
    }));
    const tcx = makeTcx([...first, ...second]).replace(
      /<\/Track>\s*<\/Lap>\s*<Lap [^>]*>[\s\S]*?<Track>/,
      "</Track><Track>",
    );
    const { outcome } = await importOne("paused.tcx", tcx);
    const track = await trackOf(outcome.entry_id);
    expect(track.findIndex((p) => p.new_segment)).toBe(60);
  });
});

describe("sport names", () => {
  test("Strava's GPX type numbers are sports: 9 running, 16 swimming", async () => {
    const run = readFileSync(`${CORPUS}/sportslib-run-1681613317.gpx`);
    expect((await importOne("strava-run.gpx", run)).entry.exercise_name).toBe("Running");
    const swim = readFileSync(`${CORPUS}/sportslib-swim-4623204522.gpx`);
    expect((await importOne("strava-swim.gpx", swim)).entry.exercise_name).toBe("Swimming");
  });

  test("words are read as words in every spelling", async () => {
    const points = (start: string) => fixturePoints(start, 30);
    const sup = makeGpx(points("2026-05-03T06:00:00Z"), "stand_up_paddleboarding");
    expect((await importOne("sup.gpx", sup)).entry.exercise_name).toBe("Stand Up Paddleboarding");
    const tcx = makeTcx(points("2026-05-04T06:00:00Z"), "Other");
    expect((await importOne("other.tcx", tcx)).entry.exercise_name).toBe("Workout");
    const fit = makeFit(points("2026-05-05T06:00:00Z"), { sport: "fitnessEquipment" });
    expect((await importOne("gym.fit", fit)).entry.exercise_name).toBe("Fitness Equipment");
    const ride = makeGpx(points("2026-05-06T06:00:00Z"), "VirtualRide");
    expect((await importOne("zwift.gpx", ride)).entry.exercise_name).toBe("Virtual Cycling");
  });
});
