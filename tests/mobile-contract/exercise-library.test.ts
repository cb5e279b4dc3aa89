import { describe, expect, test } from "bun:test";
import { JPEG, TEXT } from "../helpers/image-fixtures.ts";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import { EXERCISE, PAGINATION, RECENT_SESSION_SET, SET_STATS } from "./exercise-shapes.ts";
import { expectAnswer, expectShape } from "./shapes.ts";

const ctx = contractContext();

/** createExercise/updateExercise of the app: the JSON in `exerciseData`, photos in `images`. */
function exerciseForm(data: unknown, photos: Uint8Array<ArrayBuffer>[] = []) {
  const form = new FormData();
  form.append("exerciseData", JSON.stringify(data));
  for (const photo of photos) form.append("images", new Blob([photo]), "photo.jpg");
  return form;
}

for (const credential of CREDENTIALS) {
  describe(`the phone app's exercise library (${credential})`, () => {
    test("searching, paging, counting and opening the library", async () => {
      const user = await appUser(ctx, credential);
      const search = await appCall(ctx, user, "GET", "/api/exercises/search?searchTerm=squat");
      expect(search.status).toBe(200);
      expect(search.body.length).toBeGreaterThan(0);
      for (const x of search.body) expectShape(x, EXERCISE, "searchExercises[]");

      const page = await appCall(
        ctx,
        user,
        "GET",
        "/api/v2/exercises/search?page=1&pageSize=5&searchTerm=press",
      );
      expect(page.status).toBe(200);
      expect(page.body.exercises).toHaveLength(5);
      for (const x of page.body.exercises) expectShape(x, EXERCISE, "fetchExercisesPage[]");
      expectShape(page.body.pagination, PAGINATION, "Pagination");
      expect(page.body.pagination.hasMore).toBe(true);

      // fetchExercisesCount, to the path with the slash.
      const count = await appCall(ctx, user, "GET", "/api/exercises/?currentPage=1&itemsPerPage=1");
      expect(count.status).toBe(200);
      expect(count.body.exercises).toHaveLength(1);
      expect(typeof count.body.totalCount).toBe("number");
      expect(count.body.totalCount).toBeGreaterThan(100);

      const one = await appCall(ctx, user, "GET", `/api/exercises/${search.body[0].id}`);
      expect(one.status).toBe(200);
      expectShape(one.body, EXERCISE, "fetchExerciseById");
    });

    test("a custom exercise as multipart: created with a photo, changed, deleted", async () => {
      const user = await appUser(ctx, credential);
      // createExercise's exerciseData, modality in the app's own words.
      const created = await appCall(
        ctx,
        user,
        "POST",
        "/api/exercises/",
        exerciseForm(
          {
            name: "Sandbag Carry",
            category: "Strength",
            modality: "duration_distance",
            calories_per_hour: 560,
            description: "Carry it far.",
            equipment: ["sandbag"],
            primary_muscles: ["forearms"],
            secondary_muscles: [],
            instructions: ["Pick it up.", "Walk."],
            level: "beginner",
            source: "custom",
            is_custom: true,
            shared_with_public: false,
          },
          [JPEG, JPEG],
        ),
      );
      expectAnswer(created, 201, EXERCISE, "createExercise", {
        name: "Sandbag Carry",
        modality: "distance",
        calories_per_hour: 560,
        is_custom: true,
        equipment: ["sandbag"],
      });
      expect(created.body.user_id).toBe(user.user.id);
      expect(created.body.images).toHaveLength(2);
      const [photo] = created.body.images;
      expect(photo).toMatch(/^\/uploads\/exercises\/.+\.jpg$/);
      const served = await ctx.request(photo);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG);

      // updateExercise: only the fields changed; a second photo is added.
      const id = created.body.id;
      const changed = await appCall(
        ctx,
        user,
        "PUT",
        `/api/exercises/${id}`,
        exerciseForm({ name: "Heavy Sandbag Carry", modality: "weight_reps" }, [JPEG]),
      );
      expectAnswer(changed, 200, EXERCISE, "updateExercise", {
        name: "Heavy Sandbag Carry",
        modality: "strength",
        description: "Carry it far.",
      });
      expect(changed.body.images).toHaveLength(3);

      // Bad input changes nothing: no JSON, not an image, an unknown modality.
      const refusals = [
        exerciseForm(null),
        exerciseForm({ name: "x" }, [TEXT]),
        exerciseForm({ modality: "juggling" }),
      ];
      const noJson = new FormData();
      noJson.append("exerciseData", "{not json");
      for (const form of [noJson, ...refusals]) {
        const refused = await appCall(ctx, user, "PUT", `/api/exercises/${id}`, form);
        expect(refused.status).toBe(400);
        expect(typeof refused.body.error).toBe("string");
      }
      const same = await appCall(ctx, user, "GET", `/api/exercises/${id}`);
      expect(same.body).toMatchObject({ name: "Heavy Sandbag Carry", modality: "strength" });
      expect(same.body.images).toHaveLength(3);

      const gone = await appCall(ctx, user, "DELETE", `/api/exercises/${id}`);
      expect(gone.status).toBe(200);
      expect((await appCall(ctx, user, "GET", `/api/exercises/${id}`)).status).toBe(404);
      // Its photos go with it.
      expect((await ctx.request(photo)).status).toBe(404);
    });

    test("suggestions and the live workout's stats of an exercise", async () => {
      const user = await appUser(ctx, credential);
      const [squat, row] = (await Promise.all(
        ["Barbell Back Squat", "Bent-Over Barbell Row"].map(async (name) => {
          const found = await appCall(
            ctx,
            user,
            "GET",
            `/api/exercises/search?searchTerm=${encodeURIComponent(name)}`,
          );
          return found.body.find((x: { name: string }) => x.name === name).id as string;
        }),
      )) as [string, string];
      const log = (exercise_id: string, entry_date: string, sets: unknown[]) =>
        appCall(ctx, user, "POST", "/api/exercise-entries/", {
          exercise_id,
          entry_date,
          duration_minutes: 10,
          calories_burned: 50,
          sets,
        });
      await log(squat, "2026-05-01", [
        { set_number: 1, set_type: "warmup", weight: 150, reps: 1 },
        { set_number: 2, weight: 100, reps: 5 },
      ]);
      await log(squat, "2026-05-03", [{ set_number: 1, weight: 90, reps: 8, duration: 40 }]);
      await log(row, "2026-05-02", [{ set_number: 1, weight: 60, reps: 10 }]);
      // The workout in progress, left out of the baseline.
      const live = await appCall(ctx, user, "POST", "/api/exercise-preset-entries/", {
        name: "Today",
        entry_date: "2026-05-04",
        exercises: [{ exercise_id: squat, sets: [{ set_number: 1, weight: 200, reps: 1 }] }],
      });

      const suggested = await appCall(ctx, user, "GET", "/api/exercises/suggested?limit=10");
      expect(suggested.status).toBe(200);
      for (const list of ["recentExercises", "topExercises"]) {
        for (const x of suggested.body[list]) expectShape(x, EXERCISE, `${list}[]`);
      }
      expect(suggested.body.recentExercises.map((x: any) => x.id)).toEqual([squat, row]);
      expect(suggested.body.topExercises.map((x: any) => x.id)).toEqual([squat, row]);

      const stats = await appCall(
        ctx,
        user,
        "GET",
        `/api/v2/exercises/${squat}/stats?excludePresetEntryId=${live.body.id}`,
      );
      expect(stats.status).toBe(200);
      expectShape(stats.body.bestSet, SET_STATS, "bestSet");
      expectShape(stats.body.lastSet, SET_STATS, "lastSet");
      // The warm-up's 150 kg is no best set, and today's 200 kg is the workout left out.
      expect(stats.body.bestSet).toEqual({
        entryDate: "2026-05-01",
        weight: 100,
        reps: 5,
        setNumber: 2,
      });
      expect(stats.body.lastSet).toEqual({
        entryDate: "2026-05-03",
        weight: 90,
        reps: 8,
        setNumber: 1,
      });
      expect(stats.body.recentSessions.map((s: any) => s.entryDate)).toEqual([
        "2026-05-03",
        "2026-05-01",
      ]);
      for (const session of stats.body.recentSessions)
        for (const set of session.sets)
          expectShape(set, RECENT_SESSION_SET, "recentSessions[].sets[]");
      expect(stats.body.recentSessions[0].sets[0].duration).toBe(40);

      const withToday = await appCall(ctx, user, "GET", `/api/v2/exercises/${squat}/stats`);
      expect(withToday.body.bestSet.weight).toBe(200);
      expect(withToday.body.recentSessions).toHaveLength(3);
      const bad = await appCall(
        ctx,
        user,
        "GET",
        `/api/v2/exercises/${squat}/stats?excludePresetEntryId=12`,
      );
      expect(bad.status).toBe(400);
    });
  });
}
