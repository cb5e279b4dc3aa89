import { describe, expect, test } from "bun:test";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS, type AppUser } from "./as-app.ts";
import { workoutRecords } from "./phone-records.ts";
import {
  ACTIVITY_DETAIL,
  ENTRY_SET,
  EXERCISE_ENTRY,
  EXERCISE_SNAPSHOT,
  INDIVIDUAL_SESSION,
  PAGINATION,
  PRESET_SESSION,
} from "./exercise-shapes.ts";
import { expectShape } from "./shapes.ts";

const ctx = contractContext();

const DAY = "2026-06-02";

/** Every field the app's types declare on an entry, its snapshot, sets and details. */
function expectEntry(entry: any, name: string) {
  expectShape(entry, EXERCISE_ENTRY, name);
  expectShape(entry.exercise_snapshot, EXERCISE_SNAPSHOT, `${name}.exercise_snapshot`);
  for (const set of entry.sets) expectShape(set, ENTRY_SET, `${name}.sets[]`);
  for (const d of entry.activity_details) expectShape(d, ACTIVITY_DETAIL, `${name}.details[]`);
}

function expectSession(session: any) {
  if (session.type === "preset") {
    expectShape(session, PRESET_SESSION, "PresetSessionResponse");
    for (const entry of session.exercises) expectEntry(entry, "PresetSessionResponse.exercises[]");
  } else {
    expect(session.type).toBe("individual");
    expectShape(session, INDIVIDUAL_SESSION, "IndividualSessionResponse");
    expectEntry(session, "IndividualSessionResponse");
  }
}

/** A bench set as the app's workout editor sends it back: every field, the unset ones null. */
function editedSet(fields: Record<string, unknown>) {
  return {
    set_type: "normal",
    reps: 8,
    weight: 80,
    duration: null,
    distance: null,
    rest_time: 90,
    notes: null,
    rpe: null,
    completed_at: null,
    is_pr: false,
    ...fields,
  };
}

for (const credential of CREDENTIALS) {
  describe(`the phone app's exercise diary (${credential})`, () => {
    async function named(as: AppUser, name: string): Promise<string> {
      const found = await appCall(
        ctx,
        as,
        "GET",
        `/api/exercises/search?searchTerm=${encodeURIComponent(name)}`,
      );
      return found.body.find((e: { name: string }) => e.name === name).id;
    }

    test("a single exercise: logged, changed with its sets kept by id, read back, deleted", async () => {
      const user = await appUser(ctx, credential);
      const squat = await named(user, "Barbell Back Squat");
      // CreateExerciseEntryPayload, to the path with the slash the app uses.
      const created = await appCall(ctx, user, "POST", "/api/exercise-entries/", {
        exercise_id: squat,
        exercise_name: "Barbell Back Squat",
        duration_minutes: 20,
        calories_burned: 150,
        entry_date: DAY,
        notes: null,
        sets: [
          { set_number: 1, set_type: "Warm-up", weight: 40, reps: 10, rest_time: 60 },
          {
            set_number: 2,
            set_type: "normal",
            weight: 100,
            reps: 5,
            duration: 45,
            rest_time: 120,
            rpe: 8,
            completed_at: "2026-06-02T07:10:00.000Z",
          },
        ],
      });
      expect(created.status).toBe(201);
      expectEntry(created.body, "ExerciseEntryResponse");
      expect(created.body.exercise_snapshot.name).toBe("Barbell Back Squat");
      const [warmup, working] = created.body.sets;
      expect(working).toMatchObject({
        duration: 45,
        rest_time: 120,
        rpe: 8,
        completed_at: "2026-06-02T07:10:00.000Z",
        is_pr: false,
      });

      // The app sends saved sets back with their ids, and new ones without.
      const changed = await appCall(ctx, user, "PUT", `/api/exercise-entries/${created.body.id}`, {
        exercise_id: squat,
        duration_minutes: 25,
        calories_burned: 180,
        entry_date: DAY,
        sets: [
          { id: working.id, set_number: 1, weight: 105, reps: 5, is_pr: true },
          { set_number: 2, weight: 100, reps: 4, rest_time: 90 },
        ],
      });
      expect(changed.status).toBe(200);
      expectEntry(changed.body, "ExerciseEntryResponse");
      expect(changed.body.sets.map((s: any) => [s.weight, s.is_pr])).toEqual([
        [105, true],
        [100, false],
      ]);
      expect(changed.body.sets[0].id).toBe(working.id);
      expect(changed.body.sets[1].id).not.toBe(warmup.id);

      // A copy made from the entry as read (set ids included) gets sets of its own.
      const copy = await appCall(ctx, user, "POST", "/api/exercise-entries/", {
        exercise_id: squat,
        duration_minutes: 25,
        calories_burned: 180,
        entry_date: "2026-06-01",
        sets: changed.body.sets,
      });
      expect(copy.status).toBe(201);
      const copied = copy.body.sets.map((s: any) => s.id);
      expect(copied.some((id: number) => changed.body.sets.some((s: any) => s.id === id))).toBe(
        false,
      );

      // A set id that is not this entry's is refused, and nothing changes.
      const stolen = await appCall(ctx, user, "PUT", `/api/exercise-entries/${created.body.id}`, {
        sets: [{ id: warmup.id, set_number: 1, weight: 1, reps: 1 }],
      });
      expect(stolen.status).toBe(400);
      expect(stolen.body.error).toContain(String(warmup.id));

      const day = await appCall(
        ctx,
        user,
        "GET",
        `/api/v2/exercise-entries/by-date?selectedDate=${DAY}`,
      );
      expect(day.status).toBe(200);
      expect(day.body).toHaveLength(1);
      expectSession(day.body[0]);
      expect(day.body[0]).toMatchObject({ type: "individual", name: "Barbell Back Squat" });
      expect(day.body[0].sets.map((s: any) => s.weight)).toEqual([105, 100]);

      const summary = await appCall(ctx, user, "GET", `/api/daily-summary?date=${DAY}`);
      expect(summary.status).toBe(200);
      expect(summary.body.exerciseSessions).toHaveLength(1);
      expectSession(summary.body.exerciseSessions[0]);

      const gone = await appCall(ctx, user, "DELETE", `/api/exercise-entries/${created.body.id}`);
      expect(gone.status).toBe(200);
      const after = await appCall(
        ctx,
        user,
        "GET",
        `/api/v2/exercise-entries/by-date?selectedDate=${DAY}`,
      );
      expect(after.body).toEqual([]);
    });

    test("a workout synced from the phone: its name, raw record and summary", async () => {
      const user = await appUser(ctx, credential);
      const [run] = workoutRecords([DAY]);
      // workoutTelemetryPayload uploads the device's record verbatim as raw_data.
      const raw = { exerciseType: 56, title: "Evening run" };
      const synced = await appCall(
        ctx,
        user,
        "POST",
        "/api/health-data",
        [{ ...run, raw_data: raw }],
        { "X-Workout-Model-Version": "3" },
      );
      expect(synced.status).toBe(200);
      expect(synced.body.errors).toEqual([]);
      const day = await appCall(
        ctx,
        user,
        "GET",
        `/api/v2/exercise-entries/by-date?selectedDate=${DAY}`,
      );
      expect(day.body).toHaveLength(1);
      expectSession(day.body[0]);
      expect(day.body[0]).toMatchObject({ type: "individual", name: "Evening run", distance: 5.2 });
      // The exercise a synced workout makes is named after its activity type.
      expect(day.body[0].exercise_snapshot.name).toBe("running");
      expect(day.body[0].activity_details).toEqual([
        expect.objectContaining({ detail_type: `${run!.source}_raw_data`, detail_data: raw }),
      ]);
    });

    test("a live workout: created, autosaved with the app's ids, listed grouped, deleted", async () => {
      const user = await appUser(ctx, credential);
      const bench = await named(user, "Barbell Bench Press");
      const row = await named(user, "Bent-Over Barbell Row");
      const benchEntry = crypto.randomUUID();
      // CreatePresetSessionRequest as useStartLiveWorkout sends it.
      const created = await appCall(ctx, user, "POST", "/api/exercise-preset-entries/", {
        name: "Push day",
        entry_date: DAY,
        source: "sparky",
        exercises: [
          {
            id: benchEntry,
            exercise_id: bench,
            sort_order: 0,
            duration_minutes: 0,
            superset_group: 1,
            sets: [
              { set_number: 1, set_type: "normal", reps: null, weight: null, rest_time: 90 },
              { set_number: 2, set_type: "normal", reps: null, weight: null, rest_time: 90 },
            ],
          },
        ],
      });
      expect(created.status).toBe(201);
      expectSession(created.body);
      expect(created.body).toMatchObject({ type: "preset", name: "Push day", source: "sparky" });
      const [entry] = created.body.exercises;
      expect(entry.id).toBe(benchEntry);
      expect(entry.superset_group).toBe(1);
      const [first, second] = entry.sets;

      // The autosave (buildSessionExercisesPayload): every set column, completion and PR
      // marks, a new set without its temp id, and a freshly added exercise with its own uuid.
      const rowEntry = crypto.randomUUID();
      const saved = await appCall(
        ctx,
        user,
        "PUT",
        `/api/exercise-preset-entries/${created.body.id}`,
        {
          exercises: [
            {
              id: benchEntry,
              exercise_id: bench,
              sort_order: 0,
              duration_minutes: 12,
              notes: null,
              superset_group: 1,
              sets: [
                editedSet({
                  id: first.id,
                  set_number: 1,
                  rpe: 7,
                  completed_at: "2026-06-02T07:00:00.000Z",
                  is_pr: true,
                }),
                editedSet({ id: second.id, set_number: 2 }),
                editedSet({ set_number: 3, reps: 6 }),
              ],
            },
            {
              id: rowEntry,
              exercise_id: row,
              sort_order: 1,
              duration_minutes: 0,
              notes: null,
              superset_group: 1,
              sets: [{ set_number: 1, set_type: "normal", reps: 10, weight: 60, rest_time: 60 }],
            },
          ],
        },
      );
      expect(saved.status).toBe(200);
      expectSession(saved.body);
      expect(saved.body.exercises.map((e: any) => e.id)).toEqual([benchEntry, rowEntry]);
      const benchSets = saved.body.exercises[0].sets;
      expect(benchSets.map((s: any) => s.id).slice(0, 2)).toEqual([first.id, second.id]);
      expect(benchSets[0]).toMatchObject({
        completed_at: "2026-06-02T07:00:00.000Z",
        is_pr: true,
        rpe: 7,
      });
      expect(typeof benchSets[2].id).toBe("number");
      expect(saved.body.total_duration_minutes).toBe(12);
      // Calories follow the duration the autosave stamps (MET x 70 kg x 12 min).
      expect(saved.body.exercises[0].calories_burned).toBeGreaterThan(0);

      // The app reads the workout back, and finds it grouped in the day and the history.
      const read = await appCall(
        ctx,
        user,
        "GET",
        `/api/exercise-preset-entries/${created.body.id}`,
      );
      expect(read.status).toBe(200);
      expectSession(read.body);
      const day = await appCall(
        ctx,
        user,
        "GET",
        `/api/v2/exercise-entries/by-date?selectedDate=${DAY}`,
      );
      expect(day.body.map((s: any) => s.type)).toEqual(["preset"]);
      expectSession(day.body[0]);
      const history = await appCall(
        ctx,
        user,
        "GET",
        `/api/v2/exercise-entries/history?page=1&pageSize=20&exerciseId=${row}`,
      );
      expect(history.status).toBe(200);
      expectShape(history.body.pagination, PAGINATION, "Pagination");
      expect(history.body.sessions.map((s: any) => s.id)).toEqual([created.body.id]);
      for (const s of history.body.sessions) expectSession(s);
      const summary = await appCall(ctx, user, "GET", `/api/daily-summary?date=${DAY}`);
      expect(summary.body.exerciseSessions.map((s: any) => s.type)).toEqual(["preset"]);
      expectSession(summary.body.exerciseSessions[0]);

      // Dropping an exercise from the workout deletes its entry only.
      const trimmed = await appCall(
        ctx,
        user,
        "PUT",
        `/api/exercise-preset-entries/${created.body.id}`,
        { exercises: [{ id: rowEntry, exercise_id: row, sets: [] }] },
      );
      expect(trimmed.body.exercises.map((e: any) => e.id)).toEqual([rowEntry]);

      const gone = await appCall(
        ctx,
        user,
        "DELETE",
        `/api/exercise-preset-entries/${created.body.id}`,
      );
      expect(gone.status).toBe(200);
      const missing = await appCall(
        ctx,
        user,
        "GET",
        `/api/exercise-preset-entries/${created.body.id}`,
      );
      expect(missing.status).toBe(404);
    });
  });
}
