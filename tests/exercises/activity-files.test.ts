import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { zipSync, strToU8 } from "fflate";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";
import { fixturePoints, makeFit, makeGpx, makeTcx } from "./activity-fixtures.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

type Upload = [name: string, content: string | Uint8Array];

async function upload(user: TestUser, files: Upload[], query = "") {
  const form = new FormData();
  for (const [name, content] of files) form.append("file", new File([content as BlobPart], name));
  const res = await ctx.request(`/api/exercise-entries/import${query}`, {
    method: "POST",
    headers: bearer(user.token),
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const gpsOf = async (user: TestUser, id: string) =>
  (await call(ctx, user, "GET", `/api/generic-health/workout-gps/${id}`)).body.data.points;
const countEntries = async (user: TestUser) =>
  Number(
    (await ctx.db.owner`select count(*) from exercise_entries where user_id = ${user.id}`)[0]!
      .count,
  );

describe("activity file import", () => {
  test("a GPX file becomes a workout with its track; importing it again changes nothing", async () => {
    const user = await ctx.createUser();
    const gpx = makeGpx(fixturePoints("2026-04-01T06:00:00Z", 120));
    const first = await upload(user, [["run.gpx", gpx]]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "done", imported: 1, unchanged: 0, failed: 0 });
    const outcome = first.body.files[0];
    expect(outcome).toMatchObject({
      file: "run.gpx",
      status: "imported",
      activity: "Running",
      entry_date: "2026-04-01",
      gps_points: 120,
    });
    const entry = await call(ctx, user, "GET", `/api/exercise-entries/${outcome.entry_id}`);
    expect(entry.body).toMatchObject({
      source: "file",
      exercise_name: "Running",
      title: "Morning run",
    });
    expect(entry.body.source_id).toStartWith("sha256:");
    expect(entry.body.distance).toBeCloseTo(0.357, 2);
    expect(entry.body.avg_heart_rate).toBeGreaterThan(120);
    // GPX records no calories: running 357 m in 119 s (10.8 km/h, MET 10.8) for a 70 kg
    // person without a weigh-in, 10.8 x 70 x 119 / 3600 = 25 kcal.
    expect(entry.body.calories_burned).toBe(25);
    const points = await gpsOf(user, outcome.entry_id);
    expect(points).toHaveLength(120);
    expect(points[0]).toMatchObject({ lat: 45, lon: 7, alt: 200, hr: 120 });

    const updatedAt = entry.body.updated_at;
    const again = await upload(user, [["copy.gpx", gpx]]);
    expect(again.body.files[0]).toMatchObject({ status: "unchanged", entry_id: outcome.entry_id });
    expect(await countEntries(user)).toBe(1);
    const after = await call(ctx, user, "GET", `/api/exercise-entries/${outcome.entry_id}`);
    expect(after.body.updated_at).toBe(updatedAt);
  });

  test("TCX keeps laps and heart rate; FIT keeps records, laps and the session", async () => {
    const user = await ctx.createUser();
    const tcx = await upload(user, [
      ["ride.tcx", makeTcx(fixturePoints("2026-04-02T07:00:00Z", 100, 8))],
    ]);
    const tcxEntry = tcx.body.files[0];
    expect(tcxEntry).toMatchObject({ status: "imported", activity: "Cycling", gps_points: 100 });
    const laps = await call(
      ctx,
      user,
      "GET",
      `/api/generic-health/workout-laps/${tcxEntry.entry_id}`,
    );
    expect(laps.body.data).toHaveLength(2);
    const zones = await call(
      ctx,
      user,
      "GET",
      `/api/generic-health/workout-hr-zones/${tcxEntry.entry_id}`,
    );
    expect(zones.status).toBe(200);

    const fit = makeFit(fixturePoints("2026-04-03T07:00:00Z", 600, 5), { lapEvery: 200 });
    const imported = await upload(user, [["ride.fit", fit]]);
    const fitEntry = imported.body.files[0];
    expect(fitEntry).toMatchObject({ status: "imported", activity: "Cycling", gps_points: 600 });
    const entry = await call(ctx, user, "GET", `/api/exercise-entries/${fitEntry.entry_id}`);
    expect(entry.body).toMatchObject({
      source_id: `fit:4242:${Date.parse("2026-04-03T07:00:00Z")}`,
      calories_burned: 321,
      distance: 2.995,
    });
    expect(entry.body.avg_power_watts).toBe(210);
    const fitLaps = await call(
      ctx,
      user,
      "GET",
      `/api/generic-health/workout-laps/${fitEntry.entry_id}`,
    );
    expect(fitLaps.body.data).toHaveLength(3);
    const points = await gpsOf(user, fitEntry.entry_id);
    expect(points[10]).toMatchObject({ hr: 130, cad: 80, power: 210, speed: 3, dist: 50 });
    expect(points[10].lat).toBeCloseTo(fixturePoints("2026-04-03T07:00:00Z", 11, 5)[10]!.lat, 6);
    // The same activity id is the same workout, whatever the file's name.
    const again = await upload(user, [["renamed.fit", fit]]);
    expect(again.body.files[0]).toMatchObject({ status: "unchanged", entry_id: fitEntry.entry_id });
  });

  test("broken and truncated files get a clear error each and leave nothing behind", async () => {
    const user = await ctx.createUser();
    const fit = makeFit(fixturePoints("2026-04-04T07:00:00Z", 300));
    const good = makeGpx(fixturePoints("2026-04-04T09:00:00Z", 30));
    const answer = await upload(user, [
      ["truncated.fit", fit.slice(0, fit.length - 700)],
      ["broken.gpx", good.slice(0, good.length / 2)],
      ["notes.txt", "hello"],
      ["empty.gpx", '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>'],
      ["good.gpx", good],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ imported: 1, failed: 4 });
    const byName = Object.fromEntries(answer.body.files.map((f: any) => [f.file, f]));
    expect(byName["truncated.fit"].error).toBe(
      "The FIT file is damaged or truncated (integrity check failed).",
    );
    expect(byName["broken.gpx"].error).toStartWith("The file is not well-formed XML");
    expect(byName["notes.txt"].error).toBe("Not a GPX, TCX or FIT file.");
    expect(byName["empty.gpx"].error).toBe("The GPX file has no timed track points.");
    expect(byName["good.gpx"].status).toBe("imported");
    expect(await countEntries(user)).toBe(1);
    const tracks = await ctx.db
      .owner`select count(*) from workout_gps_tracks where user_id = ${user.id}`;
    expect(Number(tracks[0]!.count)).toBe(1);

    const none = await ctx.request("/api/exercise-entries/import", {
      method: "POST",
      headers: bearer(user.token),
      body: new FormData(),
    });
    expect(none.status).toBe(400);
  });

  test("a zip of many files reports each; a background job can be polled", async () => {
    const user = await ctx.createUser();
    const zip = zipSync({
      "a/one.gpx": strToU8(makeGpx(fixturePoints("2026-04-05T06:00:00Z", 20))),
      "a/two.fit": makeFit(fixturePoints("2026-04-06T06:00:00Z", 20), { serial: 7 }),
      "three.tcx": strToU8(makeTcx(fixturePoints("2026-04-07T06:00:00Z", 20), "Running")),
      "bad.fit": new Uint8Array([1, 2, 3]),
    });
    const answer = await upload(user, [["export.zip", zip]], "?wait=false");
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ status: "running", total_files: 4 });
    let job: any;
    for (let i = 0; i < 100; i++) {
      job = (
        await call(ctx, user, "GET", `/api/exercise-entries/import-jobs/${answer.body.job_id}`)
      ).body;
      if (job.status !== "running") break;
      await Bun.sleep(100);
    }
    expect(job).toMatchObject({ status: "done", total_files: 4, processed_files: 4 });
    const statuses = Object.fromEntries(job.files.map((f: any) => [f.file, f.status]));
    expect(statuses).toEqual({
      "export.zip/a/one.gpx": "imported",
      "export.zip/a/two.fit": "imported",
      "export.zip/three.tcx": "imported",
      "export.zip/bad.fit": "error",
    });
    const other = await ctx.createUser();
    expect(
      (await call(ctx, other, "GET", `/api/exercise-entries/import-jobs/${answer.body.job_id}`))
        .status,
    ).toBe(404);
  });

  test("the import route takes bodies above the app's 10 MB limit; other routes do not", async () => {
    const user = await ctx.createUser();
    const big = new Uint8Array(11 * 1024 * 1024);
    const answer = await upload(user, [["big.bin", big]]);
    expect(answer.status).toBe(200);
    expect(answer.body.files[0].error).toBe("Not a GPX, TCX or FIT file.");
    const elsewhere = await ctx.request("/api/exercise-entries", {
      method: "POST",
      headers: { ...bearer(user.token), "Content-Type": "application/json" },
      body: JSON.stringify({ notes: "x".repeat(big.length) }),
    });
    expect(elsewhere.status).toBe(413);
  });
});

describe("activity file export", () => {
  test("GPX and FIT exports import back with the same points", async () => {
    const owner = await ctx.createUser();
    const points = fixturePoints("2026-04-08T06:00:00Z", 90, 4);
    const imported = await upload(owner, [
      ["run.fit", makeFit(points, { sport: "running", lapEvery: 45 })],
    ]);
    const id = imported.body.files[0].entry_id;
    const original = await gpsOf(owner, id);
    for (const format of ["gpx", "fit"]) {
      const res = await ctx.request(`/api/exercise-entries/${id}/export?format=${format}`, {
        headers: bearer(owner.token),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain(format === "gpx" ? "gpx" : "fit");
      const bytes = new Uint8Array(await res.arrayBuffer());
      const reader = await ctx.createUser();
      const back = await upload(reader, [[`back.${format}`, bytes]]);
      expect(back.body.files[0]).toMatchObject({
        status: "imported",
        activity: "Running",
        gps_points: 90,
      });
      const copy = await gpsOf(reader, back.body.files[0].entry_id);
      copy.forEach((p: any, i: number) => {
        expect(p.t).toBe(original[i].t);
        expect(p.lat).toBeCloseTo(original[i].lat, 6);
        expect(p.lon).toBeCloseTo(original[i].lon, 6);
        expect(p.alt).toBeCloseTo(original[i].alt, 0);
        expect(p.hr).toBe(original[i].hr);
      });
      if (format === "fit") {
        const laps = await call(
          ctx,
          reader,
          "GET",
          `/api/generic-health/workout-laps/${back.body.files[0].entry_id}`,
        );
        expect(laps.body.data).toHaveLength(2);
      }
    }
    const missing = await ctx.request(
      `/api/exercise-entries/${crypto.randomUUID()}/export?format=gpx`,
      { headers: bearer(owner.token) },
    );
    expect(missing.status).toBe(404);
  });
});
