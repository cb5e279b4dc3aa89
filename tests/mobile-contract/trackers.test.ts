import { describe, expect, test } from "bun:test";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import { MAIN_NUTRIENTS, OPTIONAL_NUTRIENTS } from "../../src/foods/nutrients.ts";
import { APP_FOOD_ENTRY } from "./food-shapes.ts";
import {
  DAILY_GOALS,
  DAILY_SUMMARY,
  expectShape,
  FASTING_LOG,
  fieldsOf,
  FASTING_STATS,
  WATER_INTAKE,
} from "./shapes.ts";
import {
  CUSTOM_CATEGORY,
  CUSTOM_CATEGORY_ENTRY_INFO,
  CUSTOM_MEASUREMENT_ENTRY,
  MOOD_ENTRY,
  SLEEP_ENTRY,
  SLEEP_STAGE,
  WATER_CONTAINER,
  WATER_INTAKE_ANSWER,
} from "./tracker-shapes.ts";
import { contractContext } from "./call-log.ts";
import { sync } from "../summary/fixtures.ts";

const ctx = contractContext();

const DAY = "2026-06-02";

for (const credential of CREDENTIALS) {
  describe(`the phone app's tracker calls (${credential})`, () => {
    test("water: intake of a day, containers, logging a drink", async () => {
      const as = await appUser(ctx, credential);
      const user = as.user;
      await appCall(ctx, as, "POST", "/api/water-containers", {
        name: "Cup",
        volume: 200,
        is_primary: true,
      });
      const containers = await appCall(ctx, as, "GET", "/api/water-containers");
      const [cup] = containers.body;
      // WaterContainer: id is a number.
      expect(cup).toMatchObject({
        name: "Cup",
        volume: 200,
        unit: "ml",
        is_primary: true,
        servings_per_container: 1,
      });
      expectShape(cup, WATER_CONTAINER, "water container");
      const logged = await appCall(ctx, as, "POST", "/api/measurements/water-intake", {
        entry_date: DAY,
        change_drinks: 1,
        container_id: cup.id,
      });
      // WaterIntakeResponse: {id, water_ml, entry_date}.
      expect(logged.body).toMatchObject({ water_ml: 200, entry_date: DAY });
      expectShape(logged.body, WATER_INTAKE_ANSWER, "logged water");
      const intake = await appCall(ctx, as, "GET", `/api/measurements/water-intake/${DAY}`);
      // WaterIntake: {water_ml, manual_ml?}.
      expect(intake.body).toMatchObject({ water_ml: 200, manual_ml: 200 });
      expectShape(intake.body, WATER_INTAKE, "water intake");
    });

    test("custom measurements: categories and entries in the app's shapes", async () => {
      const as = await appUser(ctx, credential);
      const user = as.user;
      const created = await appCall(ctx, as, "POST", "/api/measurements/custom-categories", {
        name: "basal_body_temperature",
        measurement_type: "°C",
        frequency: "Daily",
      });
      // Ids are read before matching: toMatchObject swaps matched values for its matchers.
      const categoryId: string = created.body.id;
      expect(typeof categoryId).toBe("string");
      expect(created.body.name).toBe("basal_body_temperature");
      expectShape(created.body, CUSTOM_CATEGORY, "created category");
      const [category] = (await appCall(ctx, as, "GET", "/api/measurements/custom-categories"))
        .body;
      expectShape(category, CUSTOM_CATEGORY, "category");
      expect(category).toMatchObject({
        id: categoryId,
        name: "basal_body_temperature",
        display_name: null,
        measurement_type: "°C",
        frequency: "Daily",
        data_type: "numeric",
        updated_at: expect.any(String),
      });
      // SaveCustomMeasurementPayload, as the app sends it.
      const saved = await appCall(ctx, as, "POST", "/api/measurements/custom-entries", {
        category_id: categoryId,
        value: 36.55,
        entry_date: DAY,
        entry_hour: 7,
        entry_timestamp: `${DAY}T07:00:00.000Z`,
        notes: "after waking",
        source: "manual",
      });
      const entry = {
        category_id: categoryId,
        value: "36.55",
        entry_date: DAY,
        entry_hour: 7,
        entry_timestamp: `${DAY}T07:00:00.000Z`,
        notes: "after waking",
        source: "manual",
        custom_categories: {
          name: "basal_body_temperature",
          display_name: null,
          measurement_type: "°C",
          frequency: "Daily",
          data_type: "numeric",
        },
      };
      expect(saved.body).toMatchObject(entry);
      expectShape(saved.body, CUSTOM_MEASUREMENT_ENTRY, "saved entry");
      expectShape(saved.body.custom_categories, CUSTOM_CATEGORY_ENTRY_INFO, "entry's category");
      const day = await appCall(ctx, as, "GET", `/api/measurements/custom-entries/${DAY}`);
      expect(day.body).toMatchObject([entry]);
      expectShape(day.body[0], CUSTOM_MEASUREMENT_ENTRY, "listed entry");
      expectShape(day.body[0].custom_categories, CUSTOM_CATEGORY_ENTRY_INFO, "listed category");
      expect(
        (await appCall(ctx, as, "DELETE", `/api/measurements/custom-entries/${saved.body.id}`))
          .status,
      ).toBe(200);
    });

    test("custom measurements: the frequency and string values as the apps send them", async () => {
      const as = await appUser(ctx, credential);
      const user = as.user;
      // The web app's coach sends its user_id and a lower-case or capitalised frequency.
      const stress = await appCall(ctx, as, "POST", "/api/measurements/custom-categories", {
        user_id: user.id,
        name: "Stress Level",
        frequency: "daily",
        measurement_type: "numeric",
      });
      expect(stress.status).toBe(201);
      expect(stress.body).toMatchObject({ name: "Stress Level", frequency: "Daily" });
      const changed = await appCall(
        ctx,
        as,
        "PUT",
        `/api/measurements/custom-categories/${stress.body.id}`,
        { frequency: "HOURLY" },
      );
      expect(changed.body.frequency).toBe("Hourly");
      const bad = await appCall(ctx, as, "POST", "/api/measurements/custom-categories", {
        name: "x",
        frequency: "Weekly",
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain("frequency");
      // A bare name, then values as strings (the app's SaveCustomMeasurementPayload allows them).
      const bbt = await appCall(ctx, as, "POST", "/api/measurements/custom-categories", {
        name: "basal_body_temperature",
      });
      for (const value of ["36.6", 36.7, "36.8"]) {
        const saved = await appCall(ctx, as, "POST", "/api/measurements/custom-entries", {
          category_id: bbt.body.id,
          value,
          entry_date: DAY,
        });
        expect(saved.status).toBe(200);
        expect(saved.body.value).toBe(String(value));
      }
      const notANumber = await appCall(ctx, as, "POST", "/api/measurements/custom-entries", {
        category_id: bbt.body.id,
        value: "warm",
        entry_date: DAY,
      });
      expect(notANumber.status).toBe(400);
      const day = await appCall(ctx, as, "GET", `/api/measurements/custom-entries/${DAY}`);
      expect(day.body.map((e: { value: string }) => e.value)).toEqual(["36.6", "36.7", "36.8"]);
    });

    test("fasting: current, start, end, edit, stats, history, delete", async () => {
      const as = await appUser(ctx, credential);
      const user = as.user;
      expect((await appCall(ctx, as, "GET", "/api/fasting/current")).body).toBeNull();
      const started = await appCall(ctx, as, "POST", "/api/fasting/start", {
        start_time: "2026-06-01T19:00:00.000Z",
        target_end_time: "2026-06-02T11:00:00.000Z",
        fasting_type: "16:8",
      });
      expectShape(started.body, FASTING_LOG, "started fast");
      const fastId: string = started.body.id;
      const fastingLog = {
        id: expect.any(String),
        user_id: user.id,
        start_time: "2026-06-01T19:00:00.000Z",
        target_end_time: "2026-06-02T11:00:00.000Z",
        fasting_type: "16:8",
        created_at: expect.any(String),
        updated_at: expect.any(String),
      };
      expect(started.body).toMatchObject({
        ...fastingLog,
        end_time: null,
        duration_minutes: null,
        status: "ACTIVE",
      });
      expect((await appCall(ctx, as, "GET", "/api/fasting/current")).body).toMatchObject(
        fastingLog,
      );
      const ended = await appCall(ctx, as, "POST", "/api/fasting/end", {
        id: fastId,
        start_time: "2026-06-01T19:00:00.000Z",
        end_time: "2026-06-02T11:30:00.000Z",
      });
      expectShape(ended.body, FASTING_LOG, "ended fast");
      expect(ended.body).toMatchObject({
        ...fastingLog,
        status: "COMPLETED",
        duration_minutes: 990,
      });
      const edited = await appCall(ctx, as, "PUT", `/api/fasting/${fastId}`, {
        fasting_type: "18:6",
      });
      expectShape(edited.body, FASTING_LOG, "edited fast");
      expect(edited.body.fasting_type).toBe("18:6");
      const stats = await appCall(ctx, as, "GET", "/api/fasting/stats");
      expectShape(stats.body, FASTING_STATS, "fasting stats");
      expect(stats.body).toMatchObject({
        total_completed_fasts: 1,
        total_minutes_fasted: 990,
        average_duration_minutes: 990,
      });
      const history = await appCall(ctx, as, "GET", "/api/fasting/history?limit=20&offset=0");
      expect(history.body).toHaveLength(1);
      expectShape(history.body[0], FASTING_LOG, "past fast");
      expect((await appCall(ctx, as, "DELETE", `/api/fasting/${fastId}`)).status).toBe(200);
    });

    test("goals for a date, the daily summary and the mini nutrition trend", async () => {
      const as = await appUser(ctx, credential);
      const user = as.user;
      const goals = await appCall(ctx, as, "GET", `/api/goals/for-date?date=${DAY}`);
      expectShape(goals.body, DAILY_GOALS, "goals");
      await sync(ctx, user, [
        {
          type: "Nutrition",
          date: DAY,
          meal_type: "dinner",
          name: "Pasta",
          calories: 700,
          protein: 25,
          source_id: "p",
        },
        { type: "water", value: 900, date: DAY },
      ]);
      const types = (await appCall(ctx, as, "GET", "/api/meal-types")).body;
      const breakfast = types.find((t: { name: string }) => t.name === "breakfast");
      const toast = await appCall(ctx, as, "POST", "/api/food-entries/", {
        meal_type_id: breakfast.id,
        quantity: 1,
        unit: "slice",
        entry_date: DAY,
        food_name: "Toast",
        calories: 80,
      });
      expect(toast.status).toBe(201);
      const summary = await appCall(ctx, as, "GET", `/api/daily-summary?date=${DAY}`);
      expectShape(summary.body, DAILY_SUMMARY, "daily summary");
      expectShape(summary.body.goals, DAILY_GOALS, "summary goals");
      expect(summary.body.goals).toMatchObject({ calories: goals.body.calories });
      for (const entry of summary.body.foodEntries)
        expectShape(entry, APP_FOOD_ENTRY, "food entry");
      expect(summary.body.foodEntries).toMatchObject([
        { meal_type: "breakfast", food_name: "Toast", calories: 80, quantity: 1 },
        {
          meal_type: "dinner",
          food_name: "Pasta",
          entry_date: DAY,
          calories: 700,
          quantity: 1,
          serving_size: 1,
        },
      ]);
      expect(summary.body.exerciseSessions).toEqual([]);
      expect(summary.body.waterIntake).toBe(900);
      const trend = await appCall(
        ctx,
        as,
        "GET",
        `/api/reports/mini-nutrition-trends?startDate=${DAY}&endDate=${DAY}`,
      );
      expect(trend.body).toEqual([
        {
          date: DAY,
          ...fieldsOf([...MAIN_NUTRIENTS, ...OPTIONAL_NUTRIENTS], 0),
          calories: 780,
          protein: 25,
        },
      ]);
    });

    test("sleep and mood the app syncs are read back with the trackers' figures", async () => {
      const as = await appUser(ctx, credential);
      const user = as.user;
      await sync(ctx, user, [
        {
          type: "SleepSession",
          source: "HealthKit",
          source_id: "night-1",
          bedtime: "2026-06-01T22:00:00Z",
          wake_time: "2026-06-02T06:00:00Z",
          stage_events: [
            { stage: "deep", start_time: "2026-06-01T22:00:00Z", end_time: "2026-06-02T00:00:00Z" },
            {
              stage: "awake",
              start_time: "2026-06-02T00:00:00Z",
              end_time: "2026-06-02T01:00:00Z",
            },
            {
              stage: "light",
              start_time: "2026-06-02T01:00:00Z",
              end_time: "2026-06-02T06:00:00Z",
            },
          ],
        },
        { type: "Mood", value: 7, date: DAY, notes: "fine" },
      ]);
      const [night] = (await appCall(ctx, as, "GET", `/api/sleep?date=${DAY}`)).body;
      expectShape(night, SLEEP_ENTRY, "sleep");
      for (const stage of night.stage_events) expectShape(stage, SLEEP_STAGE, "sleep stage");
      expect(night).toMatchObject({
        time_asleep_seconds: 7 * 3600,
        efficiency: 87.5,
        source: "HealthKit",
      });
      const [mood] = (await appCall(ctx, as, "GET", `/api/mood?date=${DAY}`)).body;
      expectShape(mood, MOOD_ENTRY, "mood");
      expect(mood).toMatchObject({ mood_value: 7, notes: "fine", mood_tags: [] });
    });
  });
}
