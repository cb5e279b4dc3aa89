import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import FitParser from "fit-file-parser";
import { readFileSync } from "node:fs";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";
import { at, lap, records, session, writeFit, type FitMessage } from "./fit-writer.ts";

// Issue 44's FIT findings, each through the import route and read back through the API.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

async function importFit(user: TestUser, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  const res = await ctx.request("/api/exercise-entries/import", {
    method: "POST",
    headers: bearer(user.token),
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as any).files[0];
}
const get = async (user: TestUser, path: string) => (await call(ctx, user, "GET", path)).body;
const entryOf = (user: TestUser, id: string) => get(user, `/api/exercise-entries/${id}`);
const sessionsOf = async (user: TestUser, id: string) =>
  (await get(user, `/api/generic-health/workout-sessions/${id}`)).data;
const corpus = (name: string) =>
  new Uint8Array(readFileSync(`${import.meta.dir}/corpus/fit/${name}`));

describe("finding 1: valid FIT activities are read", () => {
  test("compressed-timestamp headers (an old Forerunner's run) are decoded", async () => {
    const user = await ctx.createUser();
    const outcome = await importFit(user, "old.fit", corpus("compressed-speed-distance.fit"));
    expect(outcome).toMatchObject({ status: "imported", activity: "Running" });
    const entry = await entryOf(user, outcome.entry_id);
    expect(entry.start_time).toBe("1990-07-18T06:44:24.000Z");
    expect(entry).toMatchObject({ distance: 10.24867, avg_heart_rate: 170, max_heart_rate: 190 });
    const hr = await get(user, "/api/generic-health/samples?metric=heart_rate&date=1990-07-18");
    expect(hr.data[0].samples.length).toBeGreaterThan(700);
  });

  test("an old Forerunner's packed speed and distance are unpacked", async () => {
    // Each record's compressed_speed_distance as an independent decoder (fit-file-parser)
    // leaves it, three bytes: speed 12 bits in 1/100 m/s, distance 12 bits in 1/16 m that
    // count on with rollover.
    const bytes = corpus("compressed-speed-distance.fit");
    const parser = new FitParser({ force: true, mode: "list" });
    const file = (await parser.parseAsync(bytes.buffer as ArrayBuffer)) as any;
    // It reads a 0xFF byte as null (a byte array's "invalid"); inside the three, it is data.
    const packed: number[][] = (file.records as any[])
      .filter((r) => r.compressed_speed_distance)
      .map((r) => r.compressed_speed_distance.map((b: number | null) => b ?? 0xff));
    const speeds = packed.map(([a, b]) => (a! | ((b! & 15) << 8)) / 100);
    let metres = 0;
    let last: number | null = null;
    for (const [, b, c] of packed) {
      const sixteenths = (b! >> 4) | (c! << 4);
      metres += last === null ? sixteenths / 16 : ((sixteenths - last) & 0xfff) / 16;
      last = sixteenths;
    }
    // The unpacked distance is the device's own total.
    expect(metres).toBeCloseTo(file.sessions[0].total_distance, 1);

    const user = await ctx.createUser();
    const outcome = await importFit(user, "old.fit", bytes);
    expect(outcome).toMatchObject({ status: "imported", gps_points: 0 });
    const speed = await get(user, "/api/generic-health/samples?metric=speed&date=1990-07-18");
    const stored = speed.data[0].samples.map((s: { value: number }) => s.value);
    expect(stored).toHaveLength(speeds.length);
    const off = stored
      .map((v: number, i: number) => [i, v, speeds[i]])
      .filter(([, a, b]: number[]) => Math.abs(a! - b!) > 1e-5);
    expect(off).toEqual([]);
    // The fastest kilometre is read along the distance, not the run's average pace (368 s):
    // under the device's fastest 1,000 m lap (257.1 s).
    const records = await get(user, "/api/personal-records");
    const km = records.find((r: { record_type: string }) => r.record_type === "fastest_1k");
    expect(km.value).toBeLessThan(257.2);
  });

  test("records days away from the sessions are outliers, not a 28-day activity", async () => {
    const user = await ctx.createUser();
    const start = at("2026-05-02T08:00:00Z");
    const stray = records(at("2026-05-30T08:00:00Z"), 2, () => ({ heartRate: 99 }));
    const fit = writeFit([
      ...records(start, 600, () => ({ heartRate: 140 })),
      ...stray,
      session(start, 600, { sport: "cycling", totalDistance: 4000 }),
    ]);
    const outcome = await importFit(user, "edge.fit", fit);
    expect(outcome).toMatchObject({ status: "imported", gps_points: 600 });
    const entry = await entryOf(user, outcome.entry_id);
    expect(entry.end_time).toBe("2026-05-02T08:10:00.000Z");
    // Without sessions to tell the outliers, the message speaks of the activity, not a field.
    const bare = writeFit([...records(start, 60, () => ({})), ...stray], 6161);
    const refused = await importFit(user, "bare.fit", bare);
    expect(refused).toEqual({
      file: "bare.fit",
      status: "error",
      error: "The activity's recording spans more than 24 days, longer than one workout can be.",
    });
  });
});

describe("finding 2: a multisport file is one activity of several sessions", () => {
  test("the Ironman of issue 44 (1.9 MB, Kona 2018) is one Triathlon of five legs", async () => {
    const user = await ctx.createUser();
    const outcome = await importFit(
      user,
      "ironman.fit",
      corpus("sportslib-triathlon-4623204522.fit"),
    );
    // The whole day's points once, not one 3,688 s "Swimming" entry carrying them.
    expect(outcome).toMatchObject({ status: "imported", activity: "Triathlon", gps_points: 30574 });
    const entry = await entryOf(user, outcome.entry_id);
    expect(entry.duration_seconds).toBeCloseTo(34256.455, 2);
    expect(entry.distance).toBeCloseTo(227.2319, 3);
    expect(entry.calories_burned).toBe(6761);
    const sessions = await sessionsOf(user, outcome.entry_id);
    expect(sessions.map((s: any) => [s.activity_type, s.lap_count])).toEqual([
      ["Open Water Swimming", 8],
      ["Transition", 1],
      ["Cycling", 19],
      ["Transition", 1],
      ["Running", 44],
    ]);
    const laps = await get(user, `/api/generic-health/workout-laps/${outcome.entry_id}`);
    expect(laps.data).toHaveLength(73);
  });

  test("a triathlon keeps each leg's sport, time, distance, laps and totals", async () => {
    const user = await ctx.createUser();
    const legs = [
      { sport: "swimming", subSport: "openWater", s: 0, n: 300, km: 0.5, kcal: 100, hr: 130 },
      { sport: "transition", s: 300, n: 60, km: 0.1, kcal: 10, hr: 120 },
      { sport: "cycling", s: 360, n: 900, km: 8, kcal: 300, hr: 140 },
      { sport: "transition", s: 1260, n: 40, km: 0.05, kcal: 5, hr: 135 },
      { sport: "running", s: 1300, n: 600, km: 2, kcal: 200, hr: 160 },
    ];
    const t0 = "2026-05-03T07:00:00Z";
    const messages: FitMessage[] = [];
    for (const [i, leg] of legs.entries()) {
      const start = at(t0, leg.s);
      messages.push(...records(start, leg.n, () => ({ heartRate: leg.hr })));
      messages.push(lap(start, leg.n));
      messages.push(
        session(start, leg.n, {
          sport: leg.sport,
          subSport: leg.subSport ?? "generic",
          totalDistance: leg.km * 1000,
          totalCalories: leg.kcal,
          avgHeartRate: leg.hr,
          maxHeartRate: leg.hr + 10,
          firstLapIndex: i,
          numLaps: 1,
        }),
      );
    }
    const outcome = await importFit(user, "tri.fit", writeFit(messages));
    expect(outcome).toMatchObject({ status: "imported", activity: "Triathlon", gps_points: 1900 });
    const entry = await entryOf(user, outcome.entry_id);
    expect(entry).toMatchObject({
      duration_seconds: 1900,
      elapsed_time_seconds: 1900,
      distance: 10.65,
      calories_burned: 615,
      max_heart_rate: 170,
    });
    // Timer-weighted: (130*300 + 120*60 + 140*900 + 135*40 + 160*600) / 1900 = 144.
    expect(entry.avg_heart_rate).toBe(144);
    const sessions = await sessionsOf(user, outcome.entry_id);
    expect(sessions.map((s: any) => s.activity_type)).toEqual([
      "Open Water Swimming",
      "Transition",
      "Cycling",
      "Transition",
      "Running",
    ]);
    expect(sessions[2]).toMatchObject({
      start_time: "2026-05-03T07:06:00.000Z",
      end_time: "2026-05-03T07:21:00.000Z",
      distance_meters: 8000,
      calories: 300,
      avg_heart_rate: 140,
      first_lap_index: 2,
      lap_count: 1,
    });
    const laps = await get(user, `/api/generic-health/workout-laps/${outcome.entry_id}`);
    expect(laps.data).toHaveLength(5);
  });

  test("a ride followed by a strength session keeps the sets", async () => {
    const user = await ctx.createUser();
    const ride = at("2026-05-04T17:00:00Z");
    const lift = at("2026-05-04T17:30:00Z");
    const sets: FitMessage[] = [0, 1, 2, 3, 4].map((i) => ({
      mesg: "SET",
      timestamp: at("2026-05-04T17:30:00Z", i * 60 + 40),
      startTime: at("2026-05-04T17:30:00Z", i * 60),
      duration: i % 2 ? 20 : 40,
      repetitions: i % 2 ? 0 : 10,
      weight: i % 2 ? 0 : 60,
      setType: i % 2 ? "rest" : "active",
    }));
    const fit = writeFit([
      ...records(ride, 600, (i) => ({ power: 150 + (i % 10), cadence: 85 }), false),
      session(ride, 600, { sport: "cycling", subSport: "indoorCycling", avgPower: 155 }),
      ...sets,
      session(lift, 300, { sport: "training", subSport: "strengthTraining" }),
    ]);
    const outcome = await importFit(user, "ride-lift.fit", fit);
    expect(outcome).toMatchObject({ status: "imported", activity: "Multisport" });
    const entry = await entryOf(user, outcome.entry_id);
    expect(entry.sets.map((s: any) => [s.reps, s.weight, s.duration_seconds])).toEqual([
      [10, 60, 40],
      [10, 60, 40],
      [10, 60, 40],
    ]);
    const sessions = await sessionsOf(user, outcome.entry_id);
    expect(sessions.map((s: any) => [s.activity_type, s.set_count])).toEqual([
      ["Indoor Cycling", 0],
      ["Strength Training", 3],
    ]);
  });
});

describe("finding 3: pool swims", () => {
  test("heart rate from hr messages; pool length, lengths, strokes, SWOLF and rests", async () => {
    const user = await ctx.createUser();
    const start = at("2026-05-05T06:00:00Z");
    const lengths: FitMessage[] = [0, 1, 2, 3].map((i) => ({
      mesg: "LENGTH",
      timestamp: at("2026-05-05T06:00:00Z", i * 30 + 30),
      startTime: at("2026-05-05T06:00:00Z", i * 30),
      totalElapsedTime: 30,
      totalTimerTime: 30,
      totalStrokes: i === 2 ? 0 : 15,
      lengthType: i === 2 ? "idle" : "active",
    }));
    // One anchor, then beats a second apart on the device's event clock (seconds).
    const hr: FitMessage[] = [
      {
        mesg: "HR",
        timestamp: start,
        fractionalTimestamp: 0,
        eventTimestamp: [1000],
        filteredBpm: [100],
      },
      {
        mesg: "HR",
        eventTimestamp: Array.from({ length: 8 }, (_, i) => 1001 + i * 10),
        filteredBpm: [110, 120, 130, 140, 150, 140, 130, 120],
      },
    ];
    const fit = writeFit([
      ...records(start, 120, () => ({ distance: 0 }), false),
      ...hr,
      ...lengths,
      session(start, 120, {
        sport: "swimming",
        subSport: "lapSwimming",
        poolLength: 25,
        totalDistance: 75,
        avgHeartRate: 131,
        maxHeartRate: 150,
      }),
    ]);
    const outcome = await importFit(user, "pool.fit", fit);
    expect(outcome).toMatchObject({ status: "imported", activity: "Pool Swimming" });
    const entry = await entryOf(user, outcome.entry_id);
    expect(entry).toMatchObject({ avg_heart_rate: 131, max_heart_rate: 150, distance: 0.075 });
    const samples = await get(
      user,
      "/api/generic-health/samples?metric=heart_rate&date=2026-05-05",
    );
    expect(samples.data[0].samples.map((s: any) => s.value)).toEqual([
      100, 110, 120, 130, 140, 150, 140, 130, 120,
    ]);
    expect(samples.data[0].samples[1].t).toBe("2026-05-05T06:00:01.000Z");
    const [swim] = await sessionsOf(user, outcome.entry_id);
    expect(swim.swim).toEqual({
      pool_length_m: 25,
      active_lengths: 3,
      strokes: 45,
      swolf: 45,
      rest_intervals: [{ start_time: "2026-05-05T06:01:00.000Z", seconds: 30 }],
    });
  });
});

describe("finding 4: indoor rides", () => {
  test("power and cadence series, device average and maximum, normalized power", async () => {
    const user = await ctx.createUser();
    const start = at("2026-05-06T18:00:00Z");
    const fit = writeFit([
      ...records(start, 300, (i) => ({ power: 180 + (i % 40), cadence: 90 }), false),
      session(start, 300, {
        sport: "cycling",
        subSport: "indoorCycling",
        avgPower: 201,
        maxPower: 219,
        normalizedPower: 205,
        avgCadence: 90,
      }),
    ]);
    const outcome = await importFit(user, "trainer.fit", fit);
    expect(outcome).toMatchObject({ status: "imported", activity: "Indoor Cycling" });
    const entry = await entryOf(user, outcome.entry_id);
    expect(entry).toMatchObject({ avg_power_watts: 201, max_power_watts: 219, avg_cadence: 90 });
    const [ride] = await sessionsOf(user, outcome.entry_id);
    expect(ride.normalized_power_watts).toBe(205);
    for (const metric of ["power", "cadence"]) {
      const series = await get(
        user,
        `/api/generic-health/samples?metric=${metric}&date=2026-05-06`,
      );
      expect(series.data[0]).toMatchObject({ exercise_entry_ids: [outcome.entry_id] });
      expect(series.data[0].samples).toHaveLength(300);
    }
  });
});

describe("finding 7: the device's figures win over recomputed ones", () => {
  test("totals, every recorded lap, and running cadence in steps per minute", async () => {
    const user = await ctx.createUser();
    const start = at("2026-05-07T06:00:00Z");
    const fit = writeFit([
      // A bumpy altitude (recomputed ascent would be large) and heart rate 150 throughout.
      ...records(start, 600, (i) => ({
        heartRate: 150,
        altitude: 100 + (i % 2) * 3,
        cadence: 85,
        fractionalCadence: 0.5,
        distance: i * 3,
      })),
      lap(start, 200),
      // A lap whose end precedes its start (a clock change during the lap).
      lap(at("2026-05-07T06:03:20Z"), 200, at("2026-05-07T06:02:00Z")),
      lap(at("2026-05-07T06:06:40Z"), 200),
      session(start, 600, {
        sport: "running",
        totalElapsedTime: 900,
        totalTimerTime: 600,
        totalDistance: 1810,
        totalAscent: 64,
        totalDescent: 60,
        totalCalories: 150,
        avgHeartRate: 148,
        maxHeartRate: 171,
        avgCadence: 85,
        avgFractionalCadence: 0.25,
      }),
    ]);
    const outcome = await importFit(user, "run.fit", fit);
    const entry = await entryOf(user, outcome.entry_id);
    expect(entry).toMatchObject({
      duration_seconds: 600,
      elapsed_time_seconds: 900,
      end_time: "2026-05-07T06:15:00.000Z",
      distance: 1.81,
      elevation_gain_meters: 64,
      elevation_loss_meters: 60,
      calories_burned: 150,
      avg_heart_rate: 148,
      max_heart_rate: 171,
      avg_cadence: 170.5,
    });
    const laps = await get(user, `/api/generic-health/workout-laps/${outcome.entry_id}`);
    expect(laps.data).toHaveLength(3);
    const points = (await get(user, `/api/generic-health/workout-gps/${outcome.entry_id}`)).data
      .points;
    expect(points[0].cad).toBe(171);
  });
});
