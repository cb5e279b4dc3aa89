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
const lapWindows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    lap_index: i,
    start_time: at(i * 100),
    end_time: at((i + 1) * 100),
  }));

function fullWorkout(sourceId: string, points: number, laps: number) {
  return workoutRecord({
    source_id: sourceId,
    gps_points: gpsTrack(START, points, { hr: (i) => 120 + (i % 40) }),
    hr_samples: hrSamples(START, 60, 5, (i) => 110 + i),
    laps: lapWindows(laps),
  });
}

async function children(token: string, id: string) {
  const gps = await read(ctx, token, `/api/generic-health/workout-gps/${id}`);
  const laps = await read(ctx, token, `/api/generic-health/workout-laps/${id}`);
  const zones = await read(ctx, token, `/api/generic-health/workout-hr-zones/${id}`);
  return {
    points: gps.body.data?.points.length ?? 0,
    laps: laps.body.data.length,
    zones: zones.body.data.length,
  };
}

async function countEntries(userId: string) {
  const [row] = await ctx.db.owner<{ entries: number; exercises: number }[]>`
    select (select count(*)::int from exercise_entries where user_id = ${userId}) as entries,
           (select count(*)::int from exercises where user_id = ${userId}) as exercises`;
  return row!;
}

describe("idempotent re-posts", () => {
  test("a re-post keeps the entry id and replaces GPS, laps, zones and sets", async () => {
    const user = await createWorkoutUser(ctx);
    const first = await postWorkouts(ctx, user.key, fullWorkout("w-1", 400, 4));
    const id = first.processed[0]!.data.id;
    expect(await children(user.token, id)).toEqual({ points: 400, laps: 4, zones: 5 });

    const again = await postWorkouts(ctx, user.key, {
      ...fullWorkout("w-1", 250, 2),
      title: "renamed",
      sets: [{ set_number: 1, duration: 60 }],
    });
    expect(again.errors).toEqual([]);
    expect(again.processed[0]!.data.id).toBe(id);
    expect(await children(user.token, id)).toEqual({ points: 250, laps: 2, zones: 5 });
    const { body } = await read(ctx, user.token, `/api/exercise-entries/${id}`);
    expect(body.title).toBe("renamed");
    expect(body.sets.length).toBe(1);
    expect(await countEntries(user.id)).toEqual({ entries: 1, exercises: 1 });
  });

  test("without source_id, source + start + activity type identify the workout", async () => {
    const user = await createWorkoutUser(ctx);
    const { source_id: _, ...anonymous } = fullWorkout("unused", 10, 0);
    const a = await postWorkouts(ctx, user.key, anonymous);
    const b = await postWorkouts(ctx, user.key, anonymous);
    expect(b.processed[0]!.data.id).toBe(a.processed[0]!.data.id);
    await postWorkouts(ctx, user.key, { ...anonymous, activityType: "Cycling" });
    const later = await postWorkouts(ctx, user.key, {
      ...anonymous,
      startTime: at(3600),
      endTime: at(5400),
    });
    expect(later.errors).toEqual([]);
    expect(await countEntries(user.id)).toEqual({ entries: 3, exercises: 2 });
  });

  test("two concurrent posts of the same workout leave one entry with all its children", async () => {
    const user = await createWorkoutUser(ctx);
    const record = fullWorkout("w-race", 300, 3);
    const answers = await Promise.all([
      postWorkouts(ctx, user.key, record),
      postWorkouts(ctx, user.key, record),
    ]);
    for (const answer of answers) expect(answer.errors).toEqual([]);
    const [a, b] = answers.map((answer) => answer.processed[0]!.data.id);
    expect(a).toBe(b!);
    expect(await countEntries(user.id)).toEqual({ entries: 1, exercises: 1 });
    expect(await children(user.token, a!)).toEqual({ points: 300, laps: 3, zones: 5 });
  });
});

describe("sets on a re-sync", () => {
  const strength = (sets: Record<string, unknown>[]) =>
    workoutRecord({ source_id: "gym-1", activityType: "Strength Training", sets });
  const setsOf = async (token: string, id: string) =>
    (await read(ctx, token, `/api/exercise-entries/${id}`)).body.sets as Record<string, any>[];
  const versions = async (entryId: string) =>
    (
      await ctx.db.owner<{ numeric_id: string; xmin: string }[]>`
        select numeric_id, xmin::text from exercise_entry_sets
         where exercise_entry_id = ${entryId} order by numeric_id`
    ).map((r) => `${r.numeric_id}@${r.xmin}`);

  test("keep their ids by set number: changed ones in place, new ones added, gone ones deleted", async () => {
    const user = await createWorkoutUser(ctx);
    const first = [
      { set_number: 1, reps: 10, weight: 60 },
      { set_number: 2, reps: 8, weight: 70 },
      { set_number: 3, reps: 6, weight: 80 },
    ];
    const id = (await postWorkouts(ctx, user.key, strength(first))).processed[0]!.data.id;
    const before = await setsOf(user.token, id);
    expect(before.map((s) => [s.set_number, s.reps, s.weight])).toEqual([
      [1, 10, 60],
      [2, 8, 70],
      [3, 6, 80],
    ]);
    const rows = await versions(id);
    // The same sets again: no row is rewritten.
    await postWorkouts(ctx, user.key, strength(first));
    expect(await versions(id)).toEqual(rows);

    const changed = [first[0]!, { set_number: 2, reps: 9, weight: 72.5 }, first[2]!];
    const again = await postWorkouts(
      ctx,
      user.key,
      strength([...changed, { set_number: 4, reps: 5, weight: 85 }]),
    );
    expect(again.errors).toEqual([]);
    const after = await setsOf(user.token, id);
    expect(after.map((s) => [s.id, s.set_number, s.reps, s.weight])).toEqual([
      [before[0]!.id, 1, 10, 60],
      [before[1]!.id, 2, 9, 72.5],
      [before[2]!.id, 3, 6, 80],
      [expect.any(Number), 4, 5, 85],
    ]);
    expect(before.map((s) => s.id)).not.toContain(after[3]!.id);

    // Set 3 no longer sent: only it goes.
    await postWorkouts(
      ctx,
      user.key,
      strength([after[0]!, after[1]!, after[3]!].map(({ id: _, ...s }) => s)),
    );
    expect((await setsOf(user.token, id)).map((s) => s.id)).toEqual([
      after[0]!.id,
      after[1]!.id,
      after[3]!.id,
    ]);
  });
});

describe("heart-rate samples", () => {
  test("merge into the day's samples; a repeated timestamp from the same source is one sample", async () => {
    const user = await createWorkoutUser(ctx);
    const morning = await postWorkouts(
      ctx,
      user.key,
      workoutRecord({ source_id: "am", hr_samples: hrSamples(START, 3, 10, () => 100) }),
    );
    // Overlaps the last morning sample (08:00:20) with a new value, then adds two more.
    const later = hrSamples(at(20), 3, 10, () => 140);
    await postWorkouts(ctx, user.key, workoutRecord({ source_id: "pm", hr_samples: later }));
    // The same times from another source are separate samples.
    await postWorkouts(
      ctx,
      user.key,
      workoutRecord({ source: "HealthKit", source_id: "hk", hr_samples: later }),
    );

    const { body } = await read(
      ctx,
      user.token,
      "/api/generic-health/samples?metric=heart_rate&date=2026-03-01",
    );
    const bySource = Object.fromEntries(body.data.map((d: any) => [d.source, d]));
    expect(bySource["Health Connect"].samples).toEqual([
      { t: "2026-03-01T08:00:00.000Z", value: 100 },
      { t: "2026-03-01T08:00:10.000Z", value: 100 },
      { t: "2026-03-01T08:00:20.000Z", value: 140 },
      { t: "2026-03-01T08:00:30.000Z", value: 140 },
      { t: "2026-03-01T08:00:40.000Z", value: 140 },
    ]);
    expect(bySource["Health Connect"].exercise_entry_ids).toContain(morning.processed[0]!.data.id);
    expect(bySource.HealthKit.samples.length).toBe(3);
  });
});

describe("heart-rate zones through the route", () => {
  const series = hrSamples(START, 5, 30, (i) => [95, 130, 150, 170, 190][i]!);

  test("use the profile's max_heart_rate and ignore zones sent by the client", async () => {
    const user = await createWorkoutUser(ctx, { max_heart_rate: 200, date_of_birth: "1960-01-01" });
    const answer = await postWorkouts(
      ctx,
      user.key,
      workoutRecord({ hr_samples: series, hr_zones: [{ zone: 1, seconds: 9999 }] }),
    );
    const { body } = await read(
      ctx,
      user.token,
      `/api/generic-health/workout-hr-zones/${answer.processed[0]!.data.id}`,
    );
    expect(
      body.data.map((z: any) => [z.zone, z.min_bpm, z.max_bpm, z.seconds, z.max_heart_rate]),
    ).toEqual([
      [1, 100, 119, 0, 200],
      [2, 120, 139, 30, 200],
      [3, 140, 159, 30, 200],
      [4, 160, 179, 30, 200],
      [5, 180, null, 0, 200],
    ]);
  });

  test("estimate max HR from the date of birth, else use the highest observed", async () => {
    // Age 36 on 2026-03-01: round(211 - 0.64 * 36) = 188.
    const aged = await createWorkoutUser(ctx, { date_of_birth: "1990-01-01" });
    const unknown = await createWorkoutUser(ctx);
    const maxOf = async (user: Awaited<ReturnType<typeof createWorkoutUser>>) => {
      const answer = await postWorkouts(ctx, user.key, workoutRecord({ hr_samples: series }));
      const { body } = await read(
        ctx,
        user.token,
        `/api/generic-health/workout-hr-zones/${answer.processed[0]!.data.id}`,
      );
      return body.data[0].max_heart_rate;
    };
    expect(await maxOf(aged)).toBe(188);
    expect(await maxOf(unknown)).toBe(190);
  });

  test("without samples, zones come from the GPS heart rate", async () => {
    const user = await createWorkoutUser(ctx, { max_heart_rate: 200 });
    const gps = gpsTrack(START, 61, { hr: () => 150 });
    const answer = await postWorkouts(ctx, user.key, workoutRecord({ gps_points: gps }));
    const { body } = await read(
      ctx,
      user.token,
      `/api/generic-health/workout-hr-zones/${answer.processed[0]!.data.id}`,
    );
    expect(body.data[2]).toMatchObject({ zone: 3, seconds: 60 });
  });
});
