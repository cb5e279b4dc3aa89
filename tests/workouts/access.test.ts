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

describe("reading workouts back", () => {
  test("another user's workout answers 404 on every route and is invisible by date", async () => {
    const owner = await createWorkoutUser(ctx);
    const other = await createWorkoutUser(ctx);
    const answer = await postWorkouts(
      ctx,
      owner.key,
      workoutRecord({
        gps_points: gpsTrack(START, 20),
        hr_samples: hrSamples(START, 20, 1, () => 120),
        laps: [{ lap_index: 0, start_time: START, end_time: "2026-03-01T08:00:19Z" }],
      }),
    );
    const id = answer.processed[0]!.data.id;
    const paths = [
      `/api/exercise-entries/${id}`,
      `/api/generic-health/workout-gps/${id}`,
      `/api/generic-health/workout-laps/${id}`,
      `/api/generic-health/workout-hr-zones/${id}`,
    ];
    for (const path of paths) {
      expect((await read(ctx, owner.token, path)).status).toBe(200);
      const denied = await read(ctx, other.token, path);
      expect(denied).toEqual({ status: 404, body: { error: "Exercise entry not found." } });
    }
    const gps = await read(ctx, owner.token, paths[1]!);
    expect(gps.body.data.points[0]).toMatchObject({
      t: "2026-03-01T08:00:00.000Z",
      lat: 45,
      lon: 7,
      speed: 3,
    });
    const byDate = "/api/exercise-entries/by-date?selectedDate=2026-03-01";
    expect((await read(ctx, owner.token, byDate)).body.length).toBe(1);
    expect((await read(ctx, other.token, byDate)).body).toEqual([]);
    const samples = "/api/generic-health/samples?metric=heart_rate&date=2026-03-01";
    expect((await read(ctx, owner.token, samples)).body.data.length).toBe(1);
    expect((await read(ctx, other.token, samples)).body.data).toEqual([]);
  });

  test("an unknown or malformed id is 404; a bad date is 400; no token is 401", async () => {
    const user = await createWorkoutUser(ctx);
    expect(
      (await read(ctx, user.token, `/api/exercise-entries/${crypto.randomUUID()}`)).status,
    ).toBe(404);
    expect((await read(ctx, user.token, "/api/generic-health/workout-laps/nope")).status).toBe(404);
    expect(
      (await read(ctx, user.token, "/api/exercise-entries/by-date?selectedDate=March")).status,
    ).toBe(400);
    expect(
      (await read(ctx, user.token, "/api/generic-health/samples?metric=heart_rate")).status,
    ).toBe(400);
    const res = await ctx.request("/api/exercise-entries/by-date?selectedDate=2026-03-01");
    expect(res.status).toBe(401);
  });

  test("a workout without GPS answers null for its track and empty laps and zones", async () => {
    const user = await createWorkoutUser(ctx);
    const answer = await postWorkouts(ctx, user.key, workoutRecord());
    const id = answer.processed[0]!.data.id;
    expect((await read(ctx, user.token, `/api/generic-health/workout-gps/${id}`)).body).toEqual({
      data: null,
    });
    expect((await read(ctx, user.token, `/api/generic-health/workout-laps/${id}`)).body).toEqual({
      data: [],
    });
    expect(
      (await read(ctx, user.token, `/api/generic-health/workout-hr-zones/${id}`)).body,
    ).toEqual({ data: [] });
  });
});
