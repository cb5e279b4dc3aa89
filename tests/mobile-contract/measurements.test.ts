import { describe, expect, test } from "bun:test";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import {
  CHECK_IN,
  CHECK_IN_RANGE,
  expectAnswer,
  expectShape,
  HEALTH_DATA_ANSWER,
  WATER_INTAKE,
} from "./shapes.ts";

// The phone app's measurement screens, and the web client's day views of the same data.
const ctx = contractContext();

const DAY = "2026-05-04";

for (const credential of CREDENTIALS) {
  describe(`phone app: measurements (${credential})`, () => {
    test("POST check-in answers the row itself (and the spec's message and data)", async () => {
      const as = await appUser(ctx, credential);
      const res = await appCall(ctx, as, "POST", "/api/measurements/check-in", {
        entry_date: DAY,
        weight: 80.2,
        waist: 90,
        steps: 8000,
      });
      expectAnswer(res, 200, CHECK_IN, "check-in", {
        entry_date: DAY,
        weight: 80.2,
        waist: 90,
        steps: 8000,
      });
      expect(typeof res.body.message).toBe("string");
      expectShape(res.body.data, CHECK_IN, "check-in data");
    });

    test("check-in range answers CheckInMeasurementRange[]", async () => {
      const as = await appUser(ctx, credential);
      await appCall(ctx, as, "POST", "/api/measurements/check-in", { entry_date: DAY, weight: 80 });
      const res = await appCall(
        ctx,
        as,
        "GET",
        `/api/measurements/check-in-measurements-range/2026-05-01/${DAY}`,
      );
      expect(res.body.length).toBe(1);
      expectShape(res.body[0], CHECK_IN_RANGE, "range row");
    });

    test("latest-on-or-before-date: each measurement's latest value, steps of the day only", async () => {
      const as = await appUser(ctx, credential);
      const path = "/api/measurements/check-in/latest-on-or-before-date";
      expect((await appCall(ctx, as, "GET", `${path}?date=${DAY}`)).body).toEqual({});
      await appCall(ctx, as, "POST", "/api/measurements/check-in", {
        entry_date: "2026-05-01",
        weight: 81,
        waist: 91,
        steps: 4000,
      });
      await appCall(ctx, as, "POST", "/api/measurements/check-in", {
        entry_date: "2026-05-03",
        weight: 80.5,
      });
      await appCall(ctx, as, "POST", "/api/measurements/check-in", {
        entry_date: "2026-05-06",
        weight: 79,
      });
      const res = await appCall(ctx, as, "GET", `${path}?date=${DAY}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        entry_date: "2026-05-03",
        weight: 80.5,
        waist: 91,
        steps: null,
      });
      expect((await appCall(ctx, as, "GET", `${path}?date=2026-13-01`)).status).toBe(400);
    });

    test("water: intake of a day as WaterIntake; a drink with container_id null", async () => {
      const as = await appUser(ctx, credential);
      await appCall(ctx, as, "POST", "/api/health-data", [
        { type: "water", value: 750, date: DAY, unit: "ml", source: "Health Connect" },
      ]);
      const logged = await appCall(ctx, as, "POST", "/api/measurements/water-intake", {
        entry_date: DAY,
        water_ml: 250,
        container_id: null,
      });
      expect(logged.status).toBe(200);
      expect(logged.body).toMatchObject({ water_ml: 1000, entry_date: DAY });
      const water = await appCall(ctx, as, "GET", `/api/measurements/water-intake/${DAY}`);
      expectShape(water.body, WATER_INTAKE, "water intake");
      expect(water.body).toMatchObject({ water_ml: 1000, manual_ml: 250 });
    });

    test("v2 water intake and its log (the web client's paths)", async () => {
      const as = await appUser(ctx, credential);
      const logged = await appCall(ctx, as, "POST", "/api/v2/measurements/water-intake", {
        entry_date: DAY,
        water_ml: 300,
      });
      expect(logged.body).toMatchObject({ water_ml: 300, entry_date: DAY });
      const day = await appCall(ctx, as, "GET", `/api/v2/measurements/water-intake/${DAY}`);
      expect(day.body).toMatchObject({ water_ml: 300, manual_ml: 300 });
      const log = await appCall(ctx, as, "GET", `/api/v2/measurements/water-intake/${DAY}/log`);
      expect(log.status).toBe(200);
      expect(log.body).toHaveLength(1);
      expect(log.body[0]).toMatchObject({
        id: logged.body.id,
        user_id: as.user.id,
        entry_date: DAY,
        water_ml: 300,
        source: "manual",
      });
      expect(
        (await appCall(ctx, as, "GET", "/api/v2/measurements/water-intake/x/log")).status,
      ).toBe(400);
    });

    test("mood of a day: the entry, or {} when none", async () => {
      const as = await appUser(ctx, credential);
      expect((await appCall(ctx, as, "GET", `/api/mood/date/${DAY}`)).body).toEqual({});
      await appCall(ctx, as, "POST", "/api/mood", { entry_date: DAY, mood_value: 7 });
      const res = await appCall(ctx, as, "GET", `/api/mood/date/${DAY}`);
      expect(res.body).toMatchObject({ entry_date: DAY, mood_value: 7 });
      expect((await appCall(ctx, as, "GET", "/api/mood/date/yesterday")).status).toBe(400);
    });

    test("health sync answers processed, errors and skipped", async () => {
      const as = await appUser(ctx, credential);
      const res = await appCall(ctx, as, "POST", "/api/health-data", [
        { type: "weight", value: 80, date: DAY, unit: "kg" },
        { type: "weight" },
      ]);
      expectShape(res.body, HEALTH_DATA_ANSWER, "health-data");
      expect(res.body.errors.length).toBe(1);
    });
  });
}
