import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import {
  CHECK_IN,
  CHECK_IN_RANGE,
  expectShape,
  HEALTH_DATA_ANSWER,
  WATER_INTAKE,
} from "./shapes.ts";

// The phone app's measurement screens, for the routes that exist today.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const DAY = "2026-05-04";

describe("phone app: measurements", () => {
  test("POST check-in with the app's payload; the spec's {message, data} carries the fields", async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(
      "/api/measurements/check-in",
      jsonRequest("POST", user.token, { entry_date: DAY, weight: 80.2, waist: 90, steps: 8000 }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(typeof body.message).toBe("string");
    expectShape(body.data, CHECK_IN, "check-in");
  });

  test("check-in range answers CheckInMeasurementRange[]", async () => {
    const user = await ctx.createUser();
    await ctx.request(
      "/api/measurements/check-in",
      jsonRequest("POST", user.token, { entry_date: DAY, weight: 80 }),
    );
    const res = await ctx.request(
      `/api/measurements/check-in-measurements-range/2026-05-01/${DAY}`,
      {
        headers: bearer(user.token),
      },
    );
    const rows = await res.json();
    expect(rows.length).toBe(1);
    expectShape(rows[0], CHECK_IN_RANGE, "range row");
  });

  test("water intake of a day answers WaterIntake", async () => {
    const user = await ctx.createUser();
    await ctx.request(
      "/api/health-data",
      jsonRequest("POST", user.token, [{ type: "water", value: 750, date: DAY }]),
    );
    const water = await (
      await ctx.request(`/api/measurements/water-intake/${DAY}`, { headers: bearer(user.token) })
    ).json();
    expectShape(water, WATER_INTAKE, "water intake");
    expect(water.water_ml).toBe(750);
  });

  test("health sync answers processed, errors and skipped", async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(
      "/api/health-data",
      jsonRequest("POST", user.token, [
        { type: "weight", value: 80, date: DAY },
        { type: "weight" },
      ]),
    );
    const body = await res.json();
    expectShape(body, HEALTH_DATA_ANSWER, "health-data");
    expect(body.errors.length).toBe(1);
  });
});
