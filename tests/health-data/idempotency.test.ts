import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SOME_FAILED_MESSAGE } from "../../src/health-data/ingest-records.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { createSyncUser, ingest } from "./helpers.ts";

let ctx: TestContext;
// Starting an embedded engine can take longer than the default hook timeout on a busy machine.
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const DAY = "2026-05-01";
const batch = [
  { type: "weight", value: 80, date: DAY },
  { type: "step", value: 10000, date: DAY },
  { type: "water", value: 2000, date: DAY, source: "HealthKit" },
  { type: "water", value: 250, date: DAY, source: "HealthKit", source_id: "cup-1" },
  { type: "Active Calories", value: 500, date: DAY, source: "HealthKit" },
  { type: "Resting HR", value: 55, timestamp: `${DAY}T06:00:00Z`, source: "HealthKit" },
  { type: "Mood", value: 6, date: DAY },
  {
    type: "SleepSession",
    source: "HealthKit",
    bedtime: `${DAY}T00:00:00Z`,
    wake_time: `${DAY}T07:00:00Z`,
  },
];

// Every row the batch touches, with ids, so a re-post can be compared exactly.
async function snapshot(userId: string) {
  const o = ctx.db.owner;
  return {
    checkIn: [
      ...(await o`select id, weight, steps from check_in_measurements where user_id = ${userId}`),
    ],
    water: [
      ...(await o`select id, water_ml from water_entries where user_id = ${userId} order by water_ml`),
    ],
    calories: [
      ...(await o`select id, calories from active_calories_entries where user_id = ${userId}`),
    ],
    custom: [
      ...(await o`select id, value from custom_measurement_entries where user_id = ${userId}`),
    ],
    categories: [
      ...(await o`select id from custom_measurement_categories where user_id = ${userId}`),
    ],
    mood: [...(await o`select id, mood_value from mood_entries where user_id = ${userId}`)],
    sleep: [...(await o`select id, duration_seconds from sleep_entries where user_id = ${userId}`)],
  };
}

describe("idempotent re-posts and corrections", () => {
  test("posting the same batch again changes nothing and keeps every id", async () => {
    const user = await createSyncUser(ctx);
    await ingest(ctx, user.key, batch);
    const first = await snapshot(user.id);
    expect(first.water.length).toBe(2);
    const again = await ingest(ctx, user.key, batch);
    expect(again.errors).toEqual([]);
    expect(await snapshot(user.id)).toEqual(first);
  });

  test("concurrent posts of the same batch all succeed and leave one row each", async () => {
    const user = await createSyncUser(ctx);
    const answers = await Promise.all([1, 2, 3].map(() => ingest(ctx, user.key, batch)));
    for (const answer of answers) expect(answer.errors).toEqual([]);
    const rows = await snapshot(user.id);
    expect(
      [rows.checkIn, rows.water, rows.calories, rows.custom, rows.mood, rows.sleep].map(
        (r) => r.length,
      ),
    ).toEqual([1, 2, 1, 1, 1, 1]);
  });

  test("a later value for the same day and source corrects an earlier one, also downwards", async () => {
    const user = await createSyncUser(ctx);
    await ingest(ctx, user.key, batch);
    const before = await snapshot(user.id);
    await ingest(ctx, user.key, [
      { type: "weight", value: 78, date: DAY },
      { type: "step", value: 8000, date: DAY },
      { type: "water", value: 1500, date: DAY, source: "HealthKit" },
      { type: "Active Calories", value: 300, date: DAY, source: "HealthKit" },
      { type: "Resting HR", value: 52, timestamp: `${DAY}T06:00:00Z`, source: "HealthKit" },
    ]);
    const after = await snapshot(user.id);
    expect(after.checkIn).toEqual([{ id: before.checkIn[0]!.id, weight: 78, steps: 8000 }]);
    expect(after.water.map((w) => w.water_ml)).toEqual([250, 1500]);
    expect(after.calories).toEqual([{ id: before.calories[0]!.id, calories: 300 }]);
    expect(after.custom).toEqual([{ id: before.custom[0]!.id, value: 52 }]);
  });

  test("within one request, the later record for a day wins; the replaced one is reported", async () => {
    const user = await createSyncUser(ctx);
    const res = await ingest(ctx, user.key, [
      { type: "weight", value: 81, date: DAY },
      { type: "weight", value: 79.5, date: DAY },
      { type: "Active Calories", value: 100, date: DAY },
      { type: "Active Calories", value: 90, date: DAY },
    ]);
    expect(res.processed.length).toBe(2);
    expect(res.skipped.map((s) => s.entry.value)).toEqual([81, 100]);
    const rows = await snapshot(user.id);
    expect(rows.checkIn.map((r) => r.weight)).toEqual([79.5]);
    expect(rows.calories.map((r) => r.calories)).toEqual([90]);
  });
});

describe("partial failure isolation", () => {
  test("a record the database rejects is reported and leaves no rows; the others are saved", async () => {
    const user = await createSyncUser(ctx);
    // A century of sleep overflows duration_seconds: only PostgreSQL notices.
    const broken = {
      type: "SleepSession",
      bedtime: "1900-01-01T00:00:00Z",
      wake_time: `${DAY}T07:00:00Z`,
    };
    const res = await ingest(ctx, user.key, [
      { type: "weight", value: 75, date: DAY },
      broken,
      { type: "Resting HR", value: 60, date: DAY },
      { type: "SleepSession", bedtime: `${DAY}T00:00:00Z`, wake_time: `${DAY}T06:00:00Z` },
    ]);
    expect(res.message).toBe(SOME_FAILED_MESSAGE);
    expect(res.errors).toEqual([{ error: "Could not save this record.", entry: broken }]);
    expect(res.processed.map((p) => p.type)).toEqual(["weight", "Resting HR", "SleepSession"]);
    const rows = await snapshot(user.id);
    expect(rows.checkIn.map((r) => r.weight)).toEqual([75]);
    expect(rows.custom.map((r) => r.value)).toEqual([60]);
    expect(rows.sleep.map((r) => r.duration_seconds)).toEqual([21600]);
  });
});

describe("workouts in a mixed request", () => {
  test("a failing workout is reported on its own; a valid one and the scalars are saved", async () => {
    const user = await createSyncUser(ctx);
    const badWorkout = { type: "Workout", activityType: "Running", source: "HealthKit" };
    const res = await ingest(ctx, user.key, [
      { type: "weight", value: 74, date: DAY },
      badWorkout,
      {
        type: "ExerciseSession",
        activityType: "Running",
        source: "HealthKit",
        source_id: "run-1",
        startTime: `${DAY}T07:00:00Z`,
        endTime: `${DAY}T07:30:00Z`,
        duration: 1800,
      },
      { type: "step", value: 4000, date: DAY },
    ]);
    expect(res.errors.map((e) => e.entry)).toEqual([badWorkout]);
    expect(res.processed.length).toBe(3);
    expect((await snapshot(user.id)).checkIn.map((r) => [r.weight, r.steps])).toEqual([[74, 4000]]);
    const entries = await ctx.db.owner`select 1 from exercise_entries where user_id = ${user.id}`;
    expect(entries.length).toBe(1);
  });
});
