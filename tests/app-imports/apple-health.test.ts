import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { DAYS, exportXml, exportZip, HEART_RATES_PER_DAY } from "./apple-health-export.ts";

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser();
});
afterAll(() => ctx.close());

const DAY = "2026-05-03";

async function upload(who: TestUser, zip: Uint8Array, asForm = true) {
  const bytes = zip as Uint8Array<ArrayBuffer>;
  const body = asForm ? new FormData() : bytes;
  if (body instanceof FormData) body.append("file", new File([bytes], "export.zip"));
  const headers = bearer(who.token, asForm ? {} : { "Content-Type": "application/zip" });
  return ctx.request("/api/import/apple-health", { method: "POST", headers, body });
}

async function get(who: TestUser, path: string): Promise<any> {
  const res = await ctx.request(path, { headers: bearer(who.token) });
  expect(res.status).toBe(200);
  return res.json();
}

/** Everything the import writes on DAY, as the API reads it back. */
async function dayView(who: TestUser) {
  const custom: { category_name: string; value: string }[] = await get(
    who,
    `/api/measurements/custom-entries/${DAY}`,
  );
  const byCategory = (name: string) =>
    custom.filter((e) => e.category_name === name).map((e) => Number(e.value));
  const workouts: any[] =
    (await get(who, `/api/exercise-entries/by-date?selectedDate=${DAY}`)) ?? [];
  return {
    checkIn: await get(who, `/api/measurements/check-in/${DAY}`),
    heartRates: byCategory("heart_rate").length,
    oxygen: byCategory("blood_oxygen_saturation"),
    respiratory: byCategory("respiratory_rate"),
    hrv: byCategory("HRV_SDNN"),
    distance: byCategory("distance"),
    water: (await get(who, `/api/measurements/water-intake/${DAY}`)).water_ml,
    calories: (await get(who, `/api/measurements/active-calories/${DAY}`)).map((c: any) => [
      c.source,
      c.calories,
    ]),
    sleep: await get(who, `/api/sleep?date=${DAY}`),
    workouts,
  };
}

describe("Apple Health export.zip", () => {
  test("records, day totals, sleep and workouts with their route land; re-import adds nothing", async () => {
    const zip = exportZip();
    const res = await upload(user, zip);
    expect(res.status).toBe(200);
    const body = await res.json();
    const perDay = HEART_RATES_PER_DAY + 48 + 20 + 8 + 5;
    expect(body.read).toBe(DAYS.length * perDay + 2);
    expect(body.written).toEqual({
      samples: DAYS.length * (HEART_RATES_PER_DAY + 7),
      daily_totals: DAYS.length * 3,
      sleep_sessions: DAYS.length,
      workouts: 2,
      workout_routes: 1,
    });
    expect(body.skipped).toEqual([
      {
        reason: "type HKQuantityTypeIdentifierBasalEnergyBurned is not imported",
        count: DAYS.length,
      },
    ]);

    const view = await dayView(user);
    // Body fat is a check-in field, as from the phone app.
    expect(view.checkIn).toMatchObject({
      weight: 80.5,
      steps: 24 * 110,
      body_fat_percentage: 18.2,
    });
    expect(view.heartRates).toBe(HEART_RATES_PER_DAY);
    expect(view.oxygen).toEqual([97]);
    expect(view.respiratory).toEqual([14]);
    expect(view.hrv).toEqual([48.5]);
    expect(view.distance).toEqual([5]);
    expect(view.water).toBe(500);
    expect(view.calories).toEqual([["Apple Health", 300]]);
    expect(view.sleep).toHaveLength(1);
    expect(view.sleep[0]).toMatchObject({
      duration_seconds: 8 * 3600,
      source: "Apple Health",
      record_timezone: "+02:00",
    });
    expect(view.sleep[0].stage_events.map((e: any) => e.stage)).toEqual([
      "in_bed",
      "light",
      "deep",
      "rem",
      "awake",
    ]);

    expect(view.workouts).toHaveLength(2);
    const run = view.workouts.find((w) => w.exercise_name === "Running" || w.name === "Running");
    expect(run).toBeDefined();
    expect(run).toMatchObject({
      distance: 5.2,
      calories_burned: 310,
      avg_heart_rate: 151,
      max_heart_rate: 172,
    });
    const gps = await get(user, `/api/generic-health/workout-gps/${run.id}`);
    expect(gps.data.points).toHaveLength(31);
    expect(gps.data.points[0]).toMatchObject({
      lat: 52.5,
      lon: 13.4,
      t: "2026-05-03T06:00:00.000Z",
    });

    // The same zip again, this time as a plain application/zip body: nothing new.
    const again = await upload(user, zip, false);
    expect(again.status).toBe(200);
    // A re-sync rewrites rows in place (updated_at moves); their number and values stay.
    const stable = (v: unknown) =>
      JSON.parse(JSON.stringify(v, (key, value) => (key === "updated_at" ? undefined : value)));
    expect(stable(await dayView(user))).toEqual(stable(view));
  });

  test("a damaged file answers 400 and writes nothing", async () => {
    const other = await ctx.createUser();
    const xml = exportXml();
    // Cut inside an element near the end: every earlier record is well-formed.
    const truncated = exportZip(xml.slice(0, xml.lastIndexOf("<Workout") + 30));
    const res = await upload(other, truncated);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toStartWith("export.xml is not well-formed XML");

    const noExport = await upload(other, zipSync({ "notes.txt": strToU8("hello") }));
    expect(noExport.status).toBe(400);
    expect((await noExport.json()).error).toBe("The zip has no apple_health_export/export.xml.");
    const notZip = await upload(other, strToU8("<HealthData/>"));
    expect(notZip.status).toBe(400);
    expect((await notZip.json()).error).toBe("The upload is not a zip file.");

    // Above the app's 10 MB limit, this route still reads the upload (413 elsewhere).
    const large = await upload(other, new Uint8Array(11 * 1024 * 1024), false);
    expect(large.status).toBe(400);
    expect((await large.json()).error).toBe("The upload is not a zip file.");

    const view = await dayView(other);
    expect(view.checkIn).toEqual({});
    expect(view.heartRates).toBe(0);
    expect(view.sleep).toEqual([]);
    expect(view.workouts).toEqual([]);
  });
});
