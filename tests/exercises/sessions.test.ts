import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

async function ids(user: TestUser, ...names: string[]) {
  const out: string[] = [];
  for (const name of names) {
    const res = await call(
      ctx,
      user,
      "GET",
      `/api/exercises/search?searchTerm=${encodeURIComponent(name)}`,
    );
    out.push(res.body.find((e: { name: string }) => e.name === name).id);
  }
  return out;
}

describe("presets, sessions and plans", () => {
  test("a preset is started into the diary in one call; sessions group entries in v2 reads", async () => {
    const user = await ctx.createUser();
    const [bench, row] = await ids(user, "Barbell Bench Press", "Bent-Over Barbell Row");
    const preset = await call(ctx, user, "POST", "/api/workout-presets", {
      name: "Upper A",
      exercises: [
        {
          exercise_id: bench,
          sets: [
            { set_type: "warmup", reps: 10, weight: 40 },
            { reps: 5, weight: 80, rest_time: 180 },
          ],
        },
        { exercise_id: row, superset_group: 1, sets: [{ reps: 8, weight: 60 }] },
      ],
    });
    expect(preset.status).toBe(201);
    expect(preset.body.exercises).toMatchObject([
      {
        exercise_name: "Barbell Bench Press",
        sets: [{ set_type: "warmup" }, { reps: 5, rest_time_seconds: 180 }],
      },
      { exercise_name: "Bent-Over Barbell Row", superset_group: 1 },
    ]);
    const listed = await call(ctx, user, "GET", "/api/workout-presets?limit=50");
    expect(listed.body).toMatchObject({ total: 1, presets: [{ name: "Upper A" }] });
    expect(
      (await call(ctx, user, "GET", "/api/workout-presets/search?searchTerm=upper")).body,
    ).toHaveLength(1);

    const started = await call(ctx, user, "POST", `/api/workout-presets/${preset.body.id}/start`, {
      entry_date: "2026-05-04",
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      type: "preset",
      name: "Upper A",
      workout_preset_id: preset.body.id,
      entry_date: "2026-05-04",
    });
    expect(started.body.exercises.map((e: any) => e.exercise_name)).toEqual([
      "Barbell Bench Press",
      "Bent-Over Barbell Row",
    ]);
    expect(started.body.exercises[0].sets).toHaveLength(2);

    await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: row,
      entry_date: "2026-05-04",
      sets: [{ reps: 12, weight: 40 }],
    });
    const day = await call(
      ctx,
      user,
      "GET",
      "/api/v2/exercise-entries/by-date?selectedDate=2026-05-04",
    );
    expect(day.body.map((s: any) => s.type)).toEqual(["preset", "individual"]);
    expect(day.body[0].exercises).toHaveLength(2);

    const renamed = await call(
      ctx,
      user,
      "PUT",
      `/api/exercise-preset-entries/${started.body.id}`,
      {
        name: "Upper A (short)",
        exercises: [{ exercise_id: bench, sets: [{ reps: 3, weight: 85 }] }],
      },
    );
    expect(renamed.body).toMatchObject({ name: "Upper A (short)" });
    expect(renamed.body.exercises).toHaveLength(1);
    const read = await call(ctx, user, "GET", `/api/exercise-preset-entries/${started.body.id}`);
    expect(read.body.exercises[0].sets[0]).toMatchObject({ reps: 3, weight: 85 });

    const history = await call(
      ctx,
      user,
      "GET",
      `/api/v2/exercise-entries/history?page=1&pageSize=10&exerciseId=${bench}`,
    );
    expect(history.body.pagination).toMatchObject({ totalCount: 1, hasMore: false });
    expect(history.body.sessions[0].type).toBe("preset");

    expect(
      (await call(ctx, user, "DELETE", `/api/exercise-preset-entries/${started.body.id}`)).status,
    ).toBe(200);
    const rows = await ctx.db
      .owner`select count(*) from exercise_entries where user_id = ${user.id}`;
    expect(Number(rows[0]!.count)).toBe(1);

    const other = await ctx.createUser();
    expect((await call(ctx, other, "GET", `/api/workout-presets/${preset.body.id}`)).status).toBe(
      404,
    );
    expect(
      (
        await call(ctx, other, "POST", `/api/workout-presets/${preset.body.id}/start`, {
          entry_date: "2026-05-04",
        })
      ).status,
    ).toBe(404);
    expect((await call(ctx, user, "DELETE", `/api/workout-presets/${preset.body.id}`)).status).toBe(
      200,
    );
  });

  test("a session logged by hand, and a bad exercise id writes nothing", async () => {
    const user = await ctx.createUser();
    const [squat] = await ids(user, "Barbell Back Squat");
    const session = await call(ctx, user, "POST", "/api/exercise-preset-entries", {
      name: "Legs",
      entry_date: "2026-05-05",
      exercises: [{ exercise_id: squat, sets: [{ reps: 5, weight: 100 }] }],
    });
    expect(session.status).toBe(201);
    const bad = await call(ctx, user, "POST", "/api/exercise-preset-entries", {
      name: "Legs",
      entry_date: "2026-05-05",
      exercises: [{ exercise_id: squat }, { exercise_id: crypto.randomUUID() }],
    });
    expect(bad.status).toBe(400);
    const sessions = await ctx.db
      .owner`select count(*) from exercise_preset_entries where user_id = ${user.id}`;
    expect(Number(sessions[0]!.count)).toBe(1);
    expect(
      (await call(ctx, user, "POST", "/api/exercise-preset-entries", { entry_date: "2026-05-05" }))
        .status,
    ).toBe(400);
  });

  test("plans assign presets to weekdays over a date range", async () => {
    const user = await ctx.createUser();
    const [squat] = await ids(user, "Barbell Back Squat");
    const preset = await call(ctx, user, "POST", "/api/workout-presets", {
      name: "Legs",
      exercises: [{ exercise_id: squat, sets: [] }],
    });
    const plan = await call(ctx, user, "POST", "/api/workout-plan-templates", {
      plan_name: "Block 1",
      start_date: "2026-05-01",
      end_date: "2026-05-31",
      assignments: [
        { day_of_week: 1, workout_preset_id: preset.body.id },
        { day_of_week: 4, workout_preset_id: preset.body.id },
        // A day with one exercise and its planned sets instead of a preset.
        { day_of_week: 6, exercise_id: squat, sets: [{ reps: 5, weight: 100, rest_time: 180 }] },
      ],
    });
    expect(plan.status).toBe(201);
    expect(plan.body.assignments).toHaveLength(3);
    expect(plan.body.assignments[2]).toMatchObject({
      day_of_week: 6,
      workout_preset_id: null,
      exercise_id: squat,
      exercise_name: "Barbell Back Squat",
      sets: [{ set_number: 1, reps: 5, weight: 100, rest_time_seconds: 180 }],
    });
    // 2026-05-09 is a Saturday.
    expect(
      (await call(ctx, user, "GET", "/api/workout-plan-templates/scheduled?date=2026-05-09")).body,
    ).toMatchObject([{ exercise_name: "Barbell Back Squat", workout_preset_id: null }]);
    // 2026-05-04 is a Monday, 2026-05-05 a Tuesday, 2026-06-01 after the plan.
    const monday = await call(
      ctx,
      user,
      "GET",
      "/api/workout-plan-templates/scheduled?date=2026-05-04",
    );
    expect(monday.body).toMatchObject([{ plan_name: "Block 1", workout_preset_name: "Legs" }]);
    expect(
      (await call(ctx, user, "GET", "/api/workout-plan-templates/scheduled?date=2026-05-05")).body,
    ).toEqual([]);
    expect(
      (await call(ctx, user, "GET", "/api/workout-plan-templates/scheduled?date=2026-06-01")).body,
    ).toEqual([]);

    const paused = await call(ctx, user, "PUT", `/api/workout-plan-templates/${plan.body.id}`, {
      is_active: false,
    });
    expect(paused.body.is_active).toBe(false);
    expect(
      (await call(ctx, user, "GET", "/api/workout-plan-templates/scheduled?date=2026-05-04")).body,
    ).toEqual([]);
    const backwards = await call(ctx, user, "PUT", `/api/workout-plan-templates/${plan.body.id}`, {
      end_date: "2026-04-01",
    });
    expect(backwards.status).toBe(400);
    const foreign = await call(ctx, user, "POST", "/api/workout-plan-templates", {
      plan_name: "X",
      start_date: "2026-05-01",
      assignments: [{ day_of_week: 1, workout_preset_id: crypto.randomUUID() }],
    });
    expect(foreign.status).toBe(400);
    for (const day of [
      { day_of_week: 1 },
      { day_of_week: 1, workout_preset_id: preset.body.id, exercise_id: squat },
      { day_of_week: 1, exercise_id: crypto.randomUUID() },
    ]) {
      const bad = await call(ctx, user, "POST", "/api/workout-plan-templates", {
        plan_name: "X",
        start_date: "2026-05-01",
        assignments: [day],
      });
      expect([day, bad.status]).toEqual([day, 400]);
    }
    expect((await call(ctx, user, "GET", "/api/workout-plan-templates")).body).toHaveLength(1);
    expect(
      (await call(ctx, user, "DELETE", `/api/workout-plan-templates/${plan.body.id}`)).status,
    ).toBe(200);
  });

  test("progress per exercise and the summary of a date range", async () => {
    const user = await ctx.createUser();
    const [squat, running] = await ids(user, "Barbell Back Squat", "Running");
    await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: squat,
      entry_date: "2026-05-01",
      sets: [
        { reps: 5, weight: 100 },
        { reps: 5, weight: 100 },
      ],
    });
    await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: squat,
      entry_date: "2026-05-08",
      sets: [
        { set_type: "warmup", reps: 5, weight: 60 },
        { reps: 3, weight: 110 },
      ],
    });
    await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: running,
      entry_date: "2026-05-02",
      duration_minutes: 30,
      distance: 6,
      calories_burned: 300,
    });
    const progress = await call(
      ctx,
      user,
      "GET",
      `/api/v2/exercises/${squat}/stats?startDate=2026-05-01&endDate=2026-05-31&formula=brzycki`,
    );
    expect(progress.status).toBe(200);
    expect(progress.body.sessions).toMatchObject([
      {
        entry_date: "2026-05-01",
        volume: 1000,
        total_reps: 10,
        best_set: { weight: 100, reps: 5 },
        estimated_1rm: 112.5,
      },
      {
        entry_date: "2026-05-08",
        volume: 330,
        best_set: { weight: 110, reps: 3 },
        estimated_1rm: 116.47,
      },
    ]);
    const summary = await call(
      ctx,
      user,
      "GET",
      "/api/exercise-stats/summary?startDate=2026-05-01&endDate=2026-05-31",
    );
    expect(summary.body).toMatchObject({
      total_entries: 3,
      active_days: 3,
      total_distance: 6,
      total_volume: 1330,
      total_sets: 3,
    });
    expect(summary.body.by_exercise[0]).toMatchObject({
      exercise_name: "Barbell Back Squat",
      entries: 2,
    });
    expect(summary.body.personal_records.length).toBeGreaterThan(3);
    const bad = await call(
      ctx,
      user,
      "GET",
      "/api/exercise-stats/summary?startDate=2026-05-31&endDate=2026-05-01",
    );
    expect(bad.status).toBe(400);
  });

  test("a strength session of reps and weights counts its minutes and estimated kcal on the day", async () => {
    const user = await ctx.createUser();
    const [bench] = await ids(user, "Barbell Bench Press");
    const sets = [1, 2, 3].map(() => ({ reps: 10, weight: 60 }));
    const logged = await call(ctx, user, "POST", "/api/exercise-preset-entries", {
      name: "Strength session",
      entry_date: "2026-06-01",
      exercises: [{ exercise_id: bench, sets }],
    });
    expect(logged.status).toBe(201);
    const day = await call(ctx, user, "GET", "/api/daily-summary?date=2026-06-01");
    // Three untimed sets: 3 x (10 reps x 3 s + 90 s rest) = 6 minutes; MET 5 x 70 kg x 0.1 h.
    expect(day.body.exercise).toMatchObject({ duration_minutes: 6, calories_burned: 35 });
  });
});
