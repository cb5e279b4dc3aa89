import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

async function exerciseId(user: TestUser, name: string): Promise<string> {
  const res = await call(
    ctx,
    user,
    "GET",
    `/api/exercises/search?searchTerm=${encodeURIComponent(name)}`,
  );
  return res.body.find((e: { name: string }) => e.name === name).id;
}

describe("manual exercise entries", () => {
  test("cardio: calories from MET and the latest weight when not given", async () => {
    const user = await ctx.createUser();
    await ctx.db.owner`
      insert into check_in_measurements (user_id, entry_date, weight)
      values (${user.id}, '2026-02-01', 60), (${user.id}, '2026-03-01', 80)`;
    const running = await exerciseId(user, "Running");
    const created = await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: running,
      entry_date: "2026-03-10",
      duration_minutes: 30,
      distance: 5,
      avg_heart_rate: 150,
      notes: "easy",
    });
    expect(created.status).toBe(201);
    // 9.8 MET x 80 kg x 0.5 h
    expect(created.body).toMatchObject({
      exercise_name: "Running",
      duration_minutes: 30,
      calories_burned: 392,
      distance: 5,
      avg_heart_rate: 150,
      source: "manual",
    });
    const earlier = await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: running,
      entry_date: "2026-02-10",
      duration_minutes: 60,
    });
    expect(earlier.body.calories_burned).toBe(588);
    const given = await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: running,
      entry_date: "2026-03-11",
      duration_minutes: 10,
      calories_burned: 99,
    });
    expect(given.body.calories_burned).toBe(99);
    const day = await call(
      ctx,
      user,
      "GET",
      "/api/exercise-entries/by-date?selectedDate=2026-03-10",
    );
    expect(day.body.map((e: { id: string }) => e.id)).toEqual([created.body.id]);
  });

  test("strength: sets with type, RPE and rest; records detected at save; update and delete", async () => {
    const user = await ctx.createUser();
    const squat = await exerciseId(user, "Barbell Back Squat");
    const first = await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: squat,
      entry_date: "2026-03-01",
      sets: [
        { set_type: "Warm-up", reps: 10, weight: 140, rest_time: 60 },
        { set_type: "normal", reps: 5, weight: 100, rpe: 8, rest_time: 120 },
        { set_type: "failure", reps: 8, weight: 90, duration: 40, notes: "grind" },
      ],
    });
    expect(first.status).toBe(201);
    expect(first.body.sets).toMatchObject([
      { set_number: 1, set_type: "warmup", reps: 10, weight: 140, rest_time_seconds: 60 },
      { set_number: 2, set_type: "normal", rpe: 8 },
      { set_number: 3, set_type: "failure", duration_seconds: 40, notes: "grind" },
    ]);
    // Sets and rests: 40 + 60 + 120 seconds.
    expect(first.body.duration_minutes).toBeCloseTo(220 / 60, 5);
    const types = (records: { record_type: string }[]) => records.map((r) => r.record_type).sort();
    // The warm-up at 140 kg is no record.
    expect(first.body.personal_records).toContainEqual(
      expect.objectContaining({ record_type: "max_weight", value: 100 }),
    );
    expect(first.body.personal_records).toContainEqual(
      expect.objectContaining({ record_type: "best_1rm", value: 116.67 }),
    );
    expect(types(first.body.personal_records)).toEqual([
      "best_1rm",
      "max_reps",
      "max_reps",
      "max_weight",
    ]);

    const second = await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: squat,
      entry_date: "2026-03-05",
      sets: [
        { reps: 6, weight: 100 },
        { reps: 3, weight: 95 },
      ],
    });
    expect(types(second.body.personal_records)).toEqual(["best_1rm", "max_reps", "max_reps"]);
    const lighter = await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: squat,
      entry_date: "2026-03-06",
      sets: [{ reps: 2, weight: 100 }],
    });
    expect(lighter.body.personal_records).toEqual([]);

    const changed = await call(ctx, user, "PUT", `/api/exercise-entries/${lighter.body.id}`, {
      notes: "heavy day",
      sets: [{ reps: 1, weight: 130 }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ notes: "heavy day", sets: [{ reps: 1, weight: 130 }] });
    expect(types(changed.body.personal_records)).toEqual(["best_1rm", "max_reps", "max_weight"]);

    const records = await call(ctx, user, "GET", `/api/personal-records?exerciseId=${squat}`);
    const best = Object.fromEntries(
      records.body
        .filter((r: any) => r.record_type !== "max_reps")
        .map((r: any) => [r.record_type, r.value]),
    );
    expect(best).toEqual({ max_weight: 130, best_1rm: 130 });
    // Deleting the entry that holds a record brings the previous best back.
    expect(
      (await call(ctx, user, "DELETE", `/api/exercise-entries/${lighter.body.id}`)).status,
    ).toBe(200);
    const after = await call(ctx, user, "GET", `/api/personal-records?exerciseId=${squat}`);
    expect(after.body.find((r: any) => r.record_type === "max_weight").value).toBe(100);
    expect(
      (await call(ctx, user, "DELETE", `/api/exercise-entries/${lighter.body.id}`)).status,
    ).toBe(404);

    const other = await ctx.createUser();
    expect(
      (await call(ctx, other, "PUT", `/api/exercise-entries/${first.body.id}`, { notes: "x" }))
        .status,
    ).toBe(404);
    expect(
      (await call(ctx, other, "DELETE", `/api/exercise-entries/${first.body.id}`)).status,
    ).toBe(404);
  });

  test("bad input is a 400 and writes nothing", async () => {
    const user = await ctx.createUser();
    const squat = await exerciseId(user, "Barbell Back Squat");
    const cases = [
      { exercise_id: crypto.randomUUID(), entry_date: "2026-03-01" },
      { exercise_id: squat, entry_date: "2026-02-30" },
      { exercise_id: squat, entry_date: "2026-03-01", sets: [{ set_type: "giant", reps: 5 }] },
      { exercise_id: squat, entry_date: "2026-03-01", sets: [{ reps: -1 }] },
      { exercise_id: squat, entry_date: "2026-03-01", duration_minutes: -5 },
    ];
    for (const body of cases)
      expect((await call(ctx, user, "POST", "/api/exercise-entries", body)).status).toBe(400);
    const unknown = await call(ctx, user, "POST", "/api/exercise-entries", cases[0]);
    expect(unknown.body.error).toBe("exercise_id does not name an exercise of the library.");
    const rows = await ctx.db
      .owner`select count(*) from exercise_entries where user_id = ${user.id}`;
    expect(Number(rows[0]!.count)).toBe(0);
  });

  test("distance records from average pace: longest and fastest 1 km / 5 km", async () => {
    const user = await ctx.createUser();
    const running = await exerciseId(user, "Running");
    const run = await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: running,
      entry_date: "2026-03-01",
      duration_minutes: 25,
      distance: 5,
    });
    const values = Object.fromEntries(
      run.body.personal_records.map((r: any) => [r.record_type, r.value]),
    );
    expect(values).toEqual({ longest_distance: 5, fastest_1k: 300, fastest_5k: 1500 });
  });
});
