import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Decoder, Stream } from "@garmin/fitsdk";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";
import { fixturePoints, makeFit, makeGpx, makeTcx } from "../exercises/activity-fixtures.ts";
import { importFiles } from "./import-helpers.ts";

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser();
}, 60_000);
afterAll(() => ctx.close());

async function exported(id: string, format: "gpx" | "tcx" | "fit") {
  const res = await ctx.request(`/api/exercise-entries/${id}/export?format=${format}`, {
    headers: bearer(user.token),
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** The FIT file's messages, read with Garmin's SDK. */
function decodeFit(bytes: Uint8Array) {
  const { messages, errors } = new Decoder(Stream.fromByteArray(bytes)).read();
  expect(errors).toEqual([]);
  return messages as Record<string, any[]>;
}

const entry = async (who: TestUser, id: string) =>
  (await call(ctx, who, "GET", `/api/exercise-entries/${id}`)).body;

describe("exports keep what the workout has", () => {
  test("a FIT export of a workout without GPS has its heart rate as records", async () => {
    const points = fixturePoints("2026-07-01T06:00:00Z", 215);
    // A treadmill run: trackpoints with time and heart rate, no position.
    const tcx = makeTcx(points, "Running").replace(/<Position>.*?<\/Position>/g, "");
    const [treadmill] = await importFiles(ctx, user, [["treadmill.tcx", tcx]]);
    expect(treadmill).toMatchObject({ status: "imported", gps_points: 0 });
    const fit = decodeFit(await exported(treadmill!.entry_id, "fit"));
    const records = fit.recordMesgs!.filter((r) => r.heartRate !== undefined);
    expect(records).toHaveLength(215);
    expect(records[10].heartRate).toBe(points[10]!.hr);
    // TCX carries it too, without positions.
    const back = new TextDecoder().decode(await exported(treadmill!.entry_id, "tcx"));
    expect(back.match(/<Trackpoint><Time>[^<]*<\/Time><HeartRateBpm>/g)).toHaveLength(215);
  });

  test("elapsed time stays elapsed, recording time stays recording time", async () => {
    const first = fixturePoints("2026-07-02T06:00:00Z", 300);
    const second = fixturePoints("2026-07-02T06:15:00Z", 300);
    // Two segments: 10 minutes of pause between them.
    const gpx = makeGpx([...first, ...second]).replace(
      `</trkpt>\n<trkpt lat="${second[0]!.lat}"`,
      `</trkpt></trkseg><trkseg>\n<trkpt lat="${second[0]!.lat}"`,
    );
    const [run] = await importFiles(ctx, user, [["paused.gpx", gpx]]);
    const saved = await entry(user, run!.entry_id);
    expect(saved.duration_seconds).toBe(598);
    expect(saved.elapsed_time_seconds).toBe(1199);
    const [session] = decodeFit(await exported(run!.entry_id, "fit")).sessionMesgs!;
    expect(session.totalElapsedTime).toBe(1199);
    expect(session.totalTimerTime).toBe(598);
    expect(session.sport).toBe("running");
    // The GPX export keeps the pause as two segments.
    const back = new TextDecoder().decode(await exported(run!.entry_id, "gpx"));
    expect(back.match(/<trkseg>/g)).toHaveLength(2);
  });

  test("FIT names every sport it knows, not 'generic'", async () => {
    const cases: [type: string, sport: string, subSport: string][] = [
      ["stand_up_paddleboarding", "standUpPaddleboarding", "generic"],
      ["TrailRun", "running", "trail"],
      ["kayaking", "kayaking", "generic"],
    ];
    for (const [i, [type, sport, subSport]] of cases.entries()) {
      const gpx = makeGpx(fixturePoints(`2026-07-0${3 + i}T06:00:00Z`, 60), type);
      const [saved] = await importFiles(ctx, user, [[`${type}.gpx`, gpx]]);
      const [session] = decodeFit(await exported(saved!.entry_id, "fit")).sessionMesgs!;
      expect({ sport: session.sport, subSport: session.subSport }).toEqual({ sport, subSport });
    }
  });

  test("a TCX export keeps the laps; a GPX export keeps distance and calories", async () => {
    const points = fixturePoints("2026-07-10T06:00:00Z", 600, 5);
    const [ride] = await importFiles(ctx, user, [["ride.fit", makeFit(points, { lapEvery: 200 })]]);
    const reader = await ctx.createUser();
    const tcx = await exported(ride!.entry_id, "tcx");
    const [fromTcx] = await importFiles(ctx, reader, [["ride.tcx", tcx]]);
    expect(fromTcx).toMatchObject({ status: "imported", activity: "Cycling", gps_points: 600 });
    const laps = await call(
      ctx,
      reader,
      "GET",
      `/api/generic-health/workout-laps/${fromTcx!.entry_id}`,
    );
    expect(laps.body.data).toHaveLength(3);
    expect(await entry(reader, fromTcx!.entry_id)).toMatchObject({
      distance: 2.995,
      calories_burned: 321,
    });

    const gpx = await exported(ride!.entry_id, "gpx");
    expect(new TextDecoder().decode(gpx)).toContain("<gpxdata:calories>321</gpxdata:calories>");
    const other = await ctx.createUser();
    const [fromGpx] = await importFiles(ctx, other, [["ride.gpx", gpx]]);
    expect(await entry(other, fromGpx!.entry_id)).toMatchObject({
      distance: 2.995,
      calories_burned: 321,
    });
  });
});
