import { describe, expect, test } from "bun:test";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import { WORKOUT_PRESET, WORKOUT_PRESET_EXERCISE, WORKOUT_PRESET_SET } from "./exercise-shapes.ts";
import { expectShape } from "./shapes.ts";

const ctx = contractContext();

function expectPreset(preset: any, name: string) {
  expectShape(preset, WORKOUT_PRESET, name);
  for (const exercise of preset.exercises) {
    expectShape(exercise, WORKOUT_PRESET_EXERCISE, `${name}.exercises[]`);
    for (const set of exercise.sets) expectShape(set, WORKOUT_PRESET_SET, `${name}.sets[]`);
  }
}

for (const credential of CREDENTIALS) {
  describe(`the phone app's workout presets (${credential})`, () => {
    test("created, listed, searched, opened, changed, started and deleted", async () => {
      const user = await appUser(ctx, credential);
      const found = await appCall(ctx, user, "GET", "/api/exercises/search?searchTerm=plank");
      const plank = found.body.find((x: { name: string }) => x.name === "Plank");
      // WorkoutPresetCreateRequest as the preset form sends it.
      const created = await appCall(ctx, user, "POST", "/api/workout-presets", {
        name: "Core",
        description: null,
        is_public: false,
        exercises: [
          {
            exercise_id: plank.id,
            image_url: null,
            sort_order: 0,
            superset_group: null,
            sets: [
              {
                set_number: 1,
                set_type: "normal",
                reps: null,
                weight: null,
                duration: 60,
                distance: null,
                rest_time: 30,
                notes: null,
              },
              { set_number: 2, set_type: "normal", duration: 45, rest_time: 30 },
            ],
          },
        ],
      });
      expect(created.status).toBe(201);
      expectPreset(created.body, "WorkoutPreset");
      expect(created.body).toMatchObject({ user_id: user.user.id, name: "Core", is_public: false });
      const [exercise] = created.body.exercises;
      expect(exercise).toMatchObject({ exercise_name: "Plank", category: plank.category });
      expect(exercise.sets.map((s: any) => [s.id, s.duration, s.rest_time])).toEqual([
        [1, 60, 30],
        [2, 45, 30],
      ]);

      const list = await appCall(ctx, user, "GET", "/api/workout-presets?limit=50");
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ total: 1, page: 1, limit: 50 });
      for (const p of list.body.presets) expectPreset(p, "WorkoutPresetsResponse.presets[]");
      const page = await appCall(ctx, user, "GET", "/api/workout-presets?page=1&limit=20");
      expect(page.body.presets.map((p: any) => p.id)).toEqual([created.body.id]);
      const search = await appCall(
        ctx,
        user,
        "GET",
        "/api/workout-presets/search?searchTerm=cor&limit=5",
      );
      expect(search.status).toBe(200);
      for (const p of search.body) expectPreset(p, "searchWorkoutPresets[]");
      expect(search.body.map((p: any) => p.id)).toEqual([created.body.id]);
      const one = await appCall(ctx, user, "GET", `/api/workout-presets/${created.body.id}`);
      expectPreset(one.body, "getWorkoutPresetById");

      // The workout-complete screen writes the sets done back into the preset.
      const updated = await appCall(ctx, user, "PUT", `/api/workout-presets/${created.body.id}`, {
        exercises: [
          {
            exercise_id: plank.id,
            sort_order: 0,
            sets: [{ set_number: 1, duration: 90, rest_time: 0 }],
          },
        ],
      });
      expect(updated.status).toBe(200);
      expectPreset(updated.body, "updateWorkoutPreset");
      expect(updated.body.exercises[0].sets).toMatchObject([{ id: 1, duration: 90, rest_time: 0 }]);

      // Started as the app does (the preset's id passed back), twice: its planned sets become
      // each workout's own sets, with numbers of their own.
      const start = () =>
        appCall(ctx, user, "POST", "/api/exercise-preset-entries/", {
          workout_preset_id: created.body.id,
          entry_date: "2026-06-03",
        });
      const [first, second] = [await start(), await start()];
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(first.body.workout_preset_id).toBe(created.body.id);
      const [a, b] = [first.body.exercises[0].sets[0], second.body.exercises[0].sets[0]];
      expect([a.duration, b.duration]).toEqual([90, 90]);
      expect(a.id).not.toBe(b.id);

      const gone = await appCall(ctx, user, "DELETE", `/api/workout-presets/${created.body.id}`);
      expect(gone.status).toBe(200);
      expect(typeof gone.body.message).toBe("string");
    });
  });
}
