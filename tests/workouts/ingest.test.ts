import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import {
  createWorkoutUser,
  gpsTrack,
  hrSamples,
  postWorkouts,
  read,
  workoutRecord,
} from "./workout-fixtures.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const START = "2026-03-01T08:00:00Z";
const at = (seconds: number) => new Date(Date.parse(START) + seconds * 1000).toISOString();

describe("workout ingest", () => {
  test("stores the entry with its exercise, telemetry, sets and source identity", async () => {
    const user = await createWorkoutUser(ctx);
    const record = workoutRecord({
      title: "Morning run",
      notes: "easy",
      raw_data: { device: "watch" },
      distance: 1.5,
      telemetry: { avg_heart_rate: 150, stride_length_cm: 110, favourite_colour: 3 },
      gps_points: gpsTrack(START, 301, { speed: 2, alt: (i) => 100 + i / 10, hr: () => 130 }),
      sets: [{ set_number: 1, set_type: "work", duration_seconds: 1800 }],
    });
    const answer = await postWorkouts(ctx, user.key, [record]);
    expect(answer.errors).toEqual([]);
    expect(answer.processed[0]!.type).toBe("ExerciseSession");
    const id = answer.processed[0]!.data.id;

    const { status, body } = await read(ctx, user.token, `/api/exercise-entries/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      exercise_name: "Running",
      modality: "distance",
      source: "Health Connect",
      source_id: record.source_id,
      record_timezone: "UTC",
      entry_date: "2026-03-01",
      entry_time: "08:00:00",
      title: "Morning run",
      notes: "easy",
      raw_data: { device: "watch" },
      duration_seconds: 1800,
      calories_burned: 300,
      // The record's distance (km) wins over the track's 0.6 km.
      distance: 1.5,
      // Sent values are kept even where the series says otherwise; unknown keys are ignored.
      avg_heart_rate: 150,
      stride_length_cm: 110,
      max_heart_rate: 130,
      avg_speed_mps: 2,
      elevation_gain_meters: 30,
      moving_time_seconds: 300,
      elapsed_time_seconds: 300,
    });
    expect(body.favourite_colour).toBeUndefined();
    expect(body.sets).toMatchObject([{ set_number: 1, set_type: "work", duration_seconds: 1800 }]);

    const day = await read(
      ctx,
      user.token,
      "/api/exercise-entries/by-date?selectedDate=2026-03-01",
    );
    expect(day.body.map((e: { id: string }) => e.id)).toEqual([id]);
  });

  test("without a distance the record gets the track's haversine distance", async () => {
    const user = await createWorkoutUser(ctx);
    const record = workoutRecord({ gps_points: gpsTrack(START, 501, { speed: 2 }) });
    const answer = await postWorkouts(ctx, user.key, record);
    const { body } = await read(
      ctx,
      user.token,
      `/api/exercise-entries/${answer.processed[0]!.data.id}`,
    );
    expect(body.distance).toBeCloseTo(1, 6);
  });

  test("set durations are minutes without X-Workout-Model-Version 2 and seconds with it", async () => {
    const user = await createWorkoutUser(ctx);
    const sets = [
      { set_number: 1, duration_seconds: 30 },
      { set_number: 2, duration: 2 },
    ];
    const durations = async (version: string | null, sourceId: string) => {
      const answer = await postWorkouts(
        ctx,
        user.key,
        workoutRecord({ source_id: sourceId, sets }),
        version,
      );
      const { body } = await read(
        ctx,
        user.token,
        `/api/exercise-entries/${answer.processed[0]!.data.id}`,
      );
      return body.sets.map((s: { duration_seconds: number }) => s.duration_seconds);
    };
    expect(await durations(null, "v-none")).toEqual([1800, 120]);
    expect(await durations("1", "v-1")).toEqual([1800, 120]);
    expect(await durations("2", "v-2")).toEqual([30, 2]);
    expect(await durations("3", "v-3")).toEqual([30, 2]);
  });

  test("a bad workout goes to errors, writes nothing, and does not stop the others", async () => {
    const user = await createWorkoutUser(ctx);
    const answer = await postWorkouts(ctx, user.key, [
      workoutRecord({ telemetry: { avg_heart_rate: "fast" } }),
      workoutRecord({ startTime: undefined }),
      workoutRecord({ activityType: "Yoga" }),
    ]);
    expect(answer.errors.map((e) => e.error)).toEqual([
      "telemetry.avg_heart_rate must be a number",
      "A workout needs startTime (or timestamp)",
    ]);
    expect(answer.processed.length).toBe(1);
    const [row] = await ctx.db.owner<{ count: number }[]>`
      select count(*)::int as count from exercise_entries where user_id = ${user.id}`;
    expect(row!.count).toBe(1);
  });

  test("a track spanning more than 24 days is refused before anything is written", async () => {
    const user = await createWorkoutUser(ctx);
    const [first, second] = gpsTrack(START, 2);
    const late = { ...second!, t: new Date(Date.parse(START) + 25 * 86_400_000).toISOString() };
    const answer = await postWorkouts(ctx, user.key, workoutRecord({ gps_points: [first, late] }));
    expect(answer.errors.map((e) => e.error)).toEqual(["gps_points span more than 24 days"]);
    const [row] = await ctx.db.owner<{ count: number }[]>`
      select count(*)::int as count from exercise_entries where user_id = ${user.id}`;
    expect(row!.count).toBe(0);
  });

  test("a re-post that fails in one of its stores changes none of them", async () => {
    const user = await createWorkoutUser(ctx);
    const first = workoutRecord({
      source_id: "run-1",
      title: "Morning run",
      gps_points: gpsTrack(START, 5),
    });
    const saved = await postWorkouts(ctx, user.key, first);
    const id = saved.processed[0]!.data.id;
    const broken = workoutRecord({
      source_id: "run-1",
      title: "Changed",
      gps_points: gpsTrack(START, 8),
      sets: [{ set_number: 1, reps: -1 }],
    });
    const answer = await postWorkouts(ctx, user.key, broken);
    expect(answer.errors.map((e) => e.error)).toEqual([
      "Could not save this record: a value is outside the allowed range.",
    ]);
    const [track] = await ctx.db.owner<{ points: number; title: string | null }[]>`
      select cardinality(g.lat) as points, e.title from workout_gps_tracks g
        join exercise_entries e on e.id = g.exercise_entry_id
       where g.exercise_entry_id = ${id}`;
    expect(track).toEqual({ points: 5, title: "Morning run" });
  });

  test("times sent as epoch milliseconds with a fraction are kept to the whole millisecond", async () => {
    const user = await createWorkoutUser(ctx);
    const t0 = Date.parse(START);
    const gps = gpsTrack(START, 3).map((point, i) => ({ ...point, t: t0 + i * 1000 + 0.75 }));
    const samples = [0, 1, 2].map((i) => ({ t: t0 + i * 1000 + 0.25, bpm: 120 + i }));
    const answer = await postWorkouts(
      ctx,
      user.key,
      workoutRecord({ gps_points: gps, hr_samples: samples }),
    );
    expect(answer.errors).toEqual([]);
    const [track] = await ctx.db.owner<{ offsets: number[] }[]>`
      select t_offset_ms as offsets from workout_gps_tracks
       where exercise_entry_id = ${answer.processed[0]!.data.id}`;
    expect(track!.offsets).toEqual([0, 1000, 2000]);
    const [day] = await ctx.db.owner<{ offsets: number[] }[]>`
      select t_offset_ms as offsets from health_metric_samples
       where user_id = ${user.id} and metric = 'heart_rate'`;
    const midnight = Date.parse(`${START.slice(0, 10)}T00:00:00Z`);
    expect(day!.offsets).toEqual([0, 1000, 2000].map((ms) => t0 - midnight + ms));
  });
});

describe("days and wall-clock times across time zones", () => {
  const late = workoutRecord({
    startTime: "2026-03-01T23:30:00Z",
    endTime: "2026-03-02T00:00:00Z",
  });

  test("record_timezone decides the day and the entry time", async () => {
    const user = await createWorkoutUser(ctx, { timezone: "America/New_York" });
    const answer = await postWorkouts(ctx, user.key, { ...late, record_timezone: "Asia/Tokyo" });
    const { body } = await read(
      ctx,
      user.token,
      `/api/exercise-entries/${answer.processed[0]!.data.id}`,
    );
    expect(body).toMatchObject({
      entry_date: "2026-03-02",
      entry_time: "08:30:00",
      record_timezone: "Asia/Tokyo",
      start_time: "2026-03-01T23:30:00.000Z",
    });
  });

  test("record_utc_offset_minutes, else the profile zone", async () => {
    const user = await createWorkoutUser(ctx, { timezone: "Pacific/Auckland" });
    const { record_timezone: _, ...zoneless } = late;
    const byOffset = await postWorkouts(ctx, user.key, {
      ...zoneless,
      source_id: "offset",
      record_utc_offset_minutes: -300,
    });
    const byProfile = await postWorkouts(ctx, user.key, { ...zoneless, source_id: "profile" });
    const a = await read(
      ctx,
      user.token,
      `/api/exercise-entries/${byOffset.processed[0]!.data.id}`,
    );
    const b = await read(
      ctx,
      user.token,
      `/api/exercise-entries/${byProfile.processed[0]!.data.id}`,
    );
    expect(a.body).toMatchObject({
      entry_date: "2026-03-01",
      entry_time: "18:30:00",
      record_timezone: "-05:00",
    });
    expect(b.body).toMatchObject({
      entry_date: "2026-03-02",
      entry_time: "12:30:00",
      record_timezone: "Pacific/Auckland",
    });
  });

  test("heart-rate samples land on the record zone's days", async () => {
    const user = await createWorkoutUser(ctx);
    // 23:59:58 to 00:00:01 in Berlin (UTC+1): two samples on each side of midnight.
    const samples = hrSamples("2026-03-01T22:59:58Z", 4, 1, (i) => 100 + i);
    await postWorkouts(
      ctx,
      user.key,
      workoutRecord({ record_timezone: "Europe/Berlin", hr_samples: samples }),
    );
    for (const [date, bpm] of [
      ["2026-03-01", [100, 101]],
      ["2026-03-02", [102, 103]],
    ] as const) {
      const { body } = await read(
        ctx,
        user.token,
        `/api/generic-health/samples?metric=heart_rate&date=${date}`,
      );
      expect(body.data[0].samples.map((s: { value: number }) => s.value)).toEqual(bpm);
    }
  });
});
