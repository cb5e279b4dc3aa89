import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

async function findExercise(user: Parameters<typeof call>[1], name: string) {
  const res = await call(
    ctx,
    user,
    "GET",
    `/api/exercises/search?searchTerm=${encodeURIComponent(name)}`,
  );
  return res.body.find((e: { name: string }) => e.name === name);
}

describe("exercise library", () => {
  test("ships at least 150 exercises with muscles, equipment, MET and instructions", async () => {
    const user = await ctx.createUser();
    const page = await call(ctx, user, "GET", "/api/exercises?currentPage=1&itemsPerPage=5");
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBeGreaterThanOrEqual(150);
    expect(page.body.exercises).toHaveLength(5);
    const bench = await findExercise(user, "Barbell Bench Press");
    expect(bench).toMatchObject({
      category: "strength",
      modality: "strength",
      primary_muscles: ["chest"],
      equipment: ["barbell", "bench"],
      met: 5,
      isCustom: false,
      source: "catalogue",
    });
    expect(bench.instructions.length).toBeGreaterThan(1);
    const one = await call(ctx, user, "GET", `/api/exercises/${bench.id}`);
    expect(one.body.name).toBe("Barbell Bench Press");
  });

  test("search filters by name, muscle and equipment; the user's recent and most used come first", async () => {
    const user = await ctx.createUser();
    const curls = await call(
      ctx,
      user,
      "GET",
      "/api/exercises/search?searchTerm=curl&equipment=dumbbell",
    );
    expect(curls.body.length).toBeGreaterThan(2);
    for (const e of curls.body) {
      expect(e.name.toLowerCase()).toContain("curl");
      expect(e.equipment).toContain("dumbbell");
    }
    const calves = await call(ctx, user, "GET", "/api/exercises/search?muscle=calves&limit=200");
    for (const e of calves.body)
      expect([...e.primary_muscles, ...e.secondary_muscles]).toContain("calves");

    const hammer = curls.body.find((e: { name: string }) => e.name === "Hammer Curl");
    for (const day of ["2026-03-01", "2026-03-02"]) {
      const logged = await call(ctx, user, "POST", "/api/exercise-entries", {
        exercise_id: hammer.id,
        entry_date: day,
        sets: [{ reps: 10, weight: 12 }],
      });
      expect(logged.status).toBe(201);
    }
    const again = await call(ctx, user, "GET", "/api/exercises/search?searchTerm=curl");
    expect(again.body[0]).toMatchObject({
      name: "Hammer Curl",
      usage_count: 2,
      last_used: "2026-03-02",
    });
    // Another user's history changes nothing for this one.
    const other = await ctx.createUser();
    const theirs = await call(ctx, other, "GET", "/api/exercises/search?searchTerm=curl");
    expect(theirs.body[0].usage_count).toBe(0);

    const v2 = await call(
      ctx,
      user,
      "GET",
      "/api/v2/exercises/search?searchTerm=press&page=1&pageSize=3",
    );
    expect(v2.body.exercises).toHaveLength(3);
    expect(v2.body.pagination).toMatchObject({ page: 1, pageSize: 3, hasMore: true });
  });

  test("custom exercises: create, read, change, delete; only the owner sees them", async () => {
    const user = await ctx.createUser();
    const created = await call(ctx, user, "POST", "/api/exercises", {
      name: "Sandbag Carry",
      category: "strength",
      primary_muscles: ["Forearms"],
      equipment: ["sandbag"],
      met: 6,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      isCustom: true,
      primary_muscles: ["forearms"],
      calories_per_hour: 420,
    });
    const id = created.body.id;
    const changed = await call(ctx, user, "PUT", `/api/exercises/${id}`, {
      met: 7,
      level: "beginner",
      modality: "reps_only",
    });
    expect(changed.body).toMatchObject({
      met: 7,
      level: "beginner",
      name: "Sandbag Carry",
      modality: "reps_only",
    });
    expect((await findExercise(user, "Sandbag Carry")).id).toBe(id);

    const other = await ctx.createUser();
    expect((await call(ctx, other, "GET", `/api/exercises/${id}`)).status).toBe(404);
    expect((await call(ctx, other, "PUT", `/api/exercises/${id}`, { met: 1 })).status).toBe(404);
    expect(await findExercise(other, "Sandbag Carry")).toBeUndefined();

    const bench = await findExercise(user, "Barbell Bench Press");
    const catalogueChange = await call(ctx, user, "PUT", `/api/exercises/${bench.id}`, { met: 1 });
    expect(catalogueChange).toMatchObject({ status: 404, body: { error: "Exercise not found." } });
    expect((await call(ctx, user, "DELETE", `/api/exercises/${bench.id}`)).status).toBe(404);

    const bad = await call(ctx, user, "POST", "/api/exercises", { name: "", met: 99 });
    expect(bad.status).toBe(400);

    await call(ctx, user, "POST", "/api/exercise-entries", {
      exercise_id: id,
      entry_date: "2026-03-01",
      duration_minutes: 10,
    });
    const inUse = await call(ctx, user, "DELETE", `/api/exercises/${id}`);
    expect(inUse).toMatchObject({
      status: 409,
      body: { error: "This exercise is used by diary entries or presets." },
    });
    const spare = await call(ctx, user, "POST", "/api/exercises", { name: "Spare" });
    expect((await call(ctx, user, "DELETE", `/api/exercises/${spare.body.id}`)).status).toBe(200);
    expect((await call(ctx, user, "GET", `/api/exercises/${spare.body.id}`)).status).toBe(404);
  });

  test("imports a catalogue in the free-exercise-db and wger formats, once", async () => {
    const user = await ctx.createUser();
    const freeDb = [
      {
        id: "Alternate_Hammer_Curl",
        name: "Alternate Hammer Curl X",
        force: "pull",
        level: "beginner",
        mechanic: "isolation",
        equipment: "dumbbell",
        primaryMuscles: ["biceps"],
        secondaryMuscles: ["forearms"],
        instructions: ["Stand up.", "Curl."],
        category: "strength",
        images: ["Alternate_Hammer_Curl/0.jpg"],
      },
      {
        id: "Rowing_Stationary",
        name: "Rowing, Stationary X",
        category: "cardio",
        equipment: "machine",
        primaryMuscles: ["quadriceps"],
        secondaryMuscles: [],
        instructions: [],
      },
    ];
    const first = await call(ctx, user, "POST", "/api/exercises/import", freeDb);
    expect(first.body).toEqual({ source: "free-exercise-db", imported: 2, skipped: 0 });
    const again = await call(ctx, user, "POST", "/api/exercises/import", freeDb);
    expect(again.body).toEqual({ source: "free-exercise-db", imported: 0, skipped: 2 });
    const curl = await findExercise(user, "Alternate Hammer Curl X");
    expect(curl).toMatchObject({
      source: "free-exercise-db",
      equipment: ["dumbbell"],
      secondary_muscles: ["forearms"],
      isCustom: true,
    });
    expect((await findExercise(user, "Rowing, Stationary X")).modality).toBe("distance");

    const wger = {
      count: 1,
      results: [
        {
          id: 73,
          category: { id: 10, name: "Abs" },
          muscles: [{ id: 6, name: "Rectus abdominis", name_en: "Abs" }],
          muscles_secondary: [],
          equipment: [{ id: 4, name: "Gym mat" }],
          translations: [
            { name: "Crunches W", description: "<p>Lie down and crunch.</p>", language: 2 },
          ],
        },
      ],
    };
    const fromWger = await call(ctx, user, "POST", "/api/exercises/import", wger);
    expect(fromWger.body).toEqual({ source: "wger", imported: 1, skipped: 0 });
    expect(await findExercise(user, "Crunches W")).toMatchObject({
      category: "abs",
      primary_muscles: ["abs"],
      equipment: ["gym mat"],
      description: "Lie down and crunch.",
    });
    const broken = await call(ctx, user, "POST", "/api/exercises/import", { nothing: true });
    expect(broken.status).toBe(400);
    const nameless = await call(ctx, user, "POST", "/api/exercises/import", [{ id: "x" }]);
    expect(nameless).toMatchObject({ status: 400, body: { error: "Exercise 1 has no name." } });
  });
});
