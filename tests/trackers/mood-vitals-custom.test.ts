import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call, setZone } from "./helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const DAY = "2026-05-10";

describe("mood", () => {
  test("one manual mood per day with tags and notes; custom moods; 1 to 10 only", async () => {
    const user = await ctx.createUser();
    const custom = await call(ctx, user, "POST", "/api/mood/custom-moods", {
      name: "focused",
      color: "#00aaff",
    });
    expect(custom.status).toBe(201);
    expect((await call(ctx, user, "GET", "/api/mood/custom-moods")).body).toHaveLength(1);
    const first = await call(ctx, user, "POST", "/api/mood", {
      entry_date: DAY,
      mood_value: 6,
      tags: ["tired"],
    });
    const again = await call(ctx, user, "POST", "/api/mood", {
      entry_date: DAY,
      mood_value: 8,
      tags: ["focused", "calm"],
      notes: "Good run",
    });
    expect(again.body.id).toBe(first.body.id);
    expect(again.body).toMatchObject({
      mood_value: 8,
      mood_tags: ["focused", "calm"],
      notes: "Good run",
    });
    const changed = await call(ctx, user, "PUT", `/api/mood/${first.body.id}`, { mood_value: 9 });
    expect(changed.body).toMatchObject({ mood_value: 9, notes: "Good run" });
    expect((await call(ctx, user, "GET", `/api/mood?date=${DAY}`)).body).toHaveLength(1);
    expect((await call(ctx, user, "GET", `/api/mood/${first.body.id}`)).body.mood_value).toBe(9);
    for (const value of [0, 11]) {
      const bad = await call(ctx, user, "POST", "/api/mood", {
        entry_date: DAY,
        mood_value: value,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain("mood_value");
    }
    expect((await call(ctx, user, "GET", "/api/mood?date=2024-02-30")).status).toBe(400);
    expect(
      (await call(ctx, user, "DELETE", `/api/mood/custom-moods/${custom.body.id}`)).status,
    ).toBe(200);
    expect((await call(ctx, user, "DELETE", `/api/mood/${first.body.id}`)).status).toBe(200);
    expect((await call(ctx, user, "GET", `/api/mood?date=${DAY}`)).body).toEqual([]);
  });
});

describe("vitals", () => {
  test("blood pressure with pulse, glucose, temperature, SpO2; the day in the profile zone", async () => {
    const user = await ctx.createUser();
    await setZone(ctx, user.id, "Europe/Berlin");
    // 23:30 UTC is 01:30 the next day in Berlin.
    const bp = await call(ctx, user, "POST", "/api/vitals", {
      measured_at: "2026-05-09T23:30:00Z",
      systolic_mmhg: 121,
      diastolic_mmhg: 79,
      pulse_bpm: 64,
    });
    expect(bp.status).toBe(201);
    expect(bp.body).toMatchObject({
      entry_date: DAY,
      systolic_mmhg: 121,
      diastolic_mmhg: 79,
      pulse_bpm: 64,
    });
    await call(ctx, user, "POST", "/api/vitals", {
      measured_at: "2026-05-10T07:00:00Z",
      blood_glucose_mgdl: 92,
      meal_context: "fasting",
      body_temperature_celsius: 36.7,
      spo2_percent: 98,
    });
    const day = await call(ctx, user, "GET", `/api/vitals?date=${DAY}`);
    expect(day.body.map((v: any) => [v.systolic_mmhg, v.blood_glucose_mgdl])).toEqual([
      [121, null],
      [null, 92],
    ]);
    const cleared = await call(ctx, user, "PUT", `/api/vitals/${bp.body.id}`, { pulse_bpm: null });
    expect(cleared.body).toMatchObject({ pulse_bpm: null, systolic_mmhg: 121 });
    expect((await call(ctx, user, "POST", "/api/vitals", { notes: "nothing" })).status).toBe(400);
    const high = await call(ctx, user, "POST", "/api/vitals", { spo2_percent: 120 });
    expect(high.status).toBe(400);
    expect(high.body.error).toContain("spo2_percent");
    expect((await call(ctx, user, "DELETE", `/api/vitals/${bp.body.id}`)).status).toBe(200);
    expect((await call(ctx, user, "GET", `/api/vitals?date=${DAY}`)).body).toHaveLength(1);
  });
});

describe("custom measurements", () => {
  test("categories CRUD; Daily replaces the day's value, All keeps each; text values", async () => {
    const user = await ctx.createUser();
    const waist = await call(ctx, user, "POST", "/api/measurements/custom-categories", {
      name: "Resting HR",
      unit: "bpm",
      frequency: "Daily",
    });
    expect(waist.status).toBe(201);
    expect(waist.body).toMatchObject({
      name: "Resting HR",
      unit: "bpm",
      frequency: "Daily",
      data_type: "numeric",
    });
    const note = await call(ctx, user, "POST", "/api/measurements/custom-categories", {
      name: "Symptom",
      data_type: "text",
    });
    await call(ctx, user, "POST", "/api/measurements/custom-entries", {
      category_id: waist.body.id,
      value: 58,
      entry_date: DAY,
    });
    const replaced = await call(ctx, user, "POST", "/api/measurements/custom-entries", {
      category_id: waist.body.id,
      value: "56",
      entry_date: DAY,
      notes: "after coffee",
    });
    expect(replaced.body).toMatchObject({
      value: "56",
      notes: "after coffee",
      custom_categories: { name: "Resting HR", frequency: "Daily", data_type: "numeric" },
    });
    for (const text of ["headache", "tired"]) {
      await call(ctx, user, "POST", "/api/measurements/custom-entries", {
        category_id: note.body.id,
        value: text,
        entry_date: DAY,
      });
    }
    const day = await call(ctx, user, "GET", `/api/measurements/custom-entries/${DAY}`);
    expect(day.body.map((e: any) => e.value).sort()).toEqual(["56", "headache", "tired"]);
    const notNumber = await call(ctx, user, "POST", "/api/measurements/custom-entries", {
      category_id: waist.body.id,
      value: "high",
      entry_date: DAY,
    });
    expect(notNumber.status).toBe(400);
    const edited = await call(
      ctx,
      user,
      "PUT",
      `/api/measurements/custom-entries/${replaced.body.id}`,
      { value: 55 },
    );
    expect(edited.body.value).toBe("55");
    const range = await call(
      ctx,
      user,
      "GET",
      `/api/measurements/custom-entries?startDate=2026-05-01&endDate=2026-05-31&category_id=${waist.body.id}`,
    );
    expect(range.body.map((e: any) => e.value)).toEqual(["55"]);
    const renamed = await call(
      ctx,
      user,
      "PUT",
      `/api/measurements/custom-categories/${waist.body.id}`,
      {
        display_name: "Morning pulse",
      },
    );
    expect(renamed.body).toMatchObject({
      name: "Resting HR",
      display_name: "Morning pulse",
      unit: "bpm",
    });
    expect(
      (await call(ctx, user, "DELETE", `/api/measurements/custom-categories/${note.body.id}`))
        .status,
    ).toBe(200);
    expect(
      (await call(ctx, user, "GET", `/api/measurements/custom-entries/${DAY}`)).body,
    ).toHaveLength(1);
    expect(
      (await call(ctx, user, "DELETE", `/api/measurements/custom-entries/${replaced.body.id}`))
        .status,
    ).toBe(200);
    const gone = await call(
      ctx,
      user,
      "GET",
      `/api/measurements/custom-entries/${DAY}?category_id=${note.body.id}`,
    );
    expect(gone).toMatchObject({
      status: 404,
      body: { error: "Custom measurement category not found." },
    });
  });
});
