import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { NUTRITION_WITHOUT_ID_REASON } from "../../src/health-data/prepare-session-records.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { createSyncUser, getJson, ingest } from "./helpers.ts";

let ctx: TestContext;
// Starting an embedded engine can take longer than the default hook timeout on a busy machine.
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

type CustomEntry = {
  category_name: string;
  entry_date: string;
  entry_hour: number | null;
  entry_timestamp: string | null;
  /** Text, as the phone app reads it. */
  value: string;
};

async function checkIn(userId: string, day: string) {
  const [row] = await ctx.db.owner<{ weight: number | null; steps: number | null }[]>`
    select weight, steps from check_in_measurements where user_id = ${userId} and entry_date = ${day}`;
  return row;
}

describe("record types", () => {
  test("weight and step fill that day's check-in row; water and Active Calories their stores", async () => {
    const user = await createSyncUser(ctx);
    const res = await ingest(ctx, user.key, [
      { type: "weight", value: 82.4, date: "2026-04-01" },
      { type: "step", value: 9000.4, date: "2026-04-01" },
      { type: "water", value: 250, date: "2026-04-01", source: "HealthKit" },
      { type: "water", value: 300, date: "2026-04-01", source: "Health Connect" },
      { type: "Active Calories", value: 420, date: "2026-04-01", source: "HealthKit" },
    ]);
    expect(res.errors).toEqual([]);
    expect(res.processed.map((p) => p.status)).toEqual(Array(5).fill("success"));
    expect(await checkIn(user.id, "2026-04-01")).toEqual({ weight: 82.4, steps: 9000 });

    const water = await getJson<{ water_ml: number; entries: unknown[] }>(
      ctx,
      "/api/measurements/water-intake/2026-04-01",
      user.token,
    );
    expect(water.status).toBe(200);
    expect(water.body.water_ml).toBe(550);
    expect(water.body.entries.length).toBe(2);

    const calories = await getJson<{ calories: number; source: string }[]>(
      ctx,
      "/api/measurements/active-calories/2026-04-01",
      user.token,
    );
    expect(calories.body.map((c) => [c.source, c.calories])).toEqual([["HealthKit", 420]]);
  });

  test("an unknown type becomes a custom category on first use, matched case-sensitively", async () => {
    const user = await createSyncUser(ctx);
    await ingest(ctx, user.key, [
      { type: "HRV", value: 45, date: "2026-04-02" },
      { type: "hrv", value: 50, date: "2026-04-02" },
    ]);
    await ingest(ctx, user.key, [{ type: "HRV", value: 47, date: "2026-04-03" }]);
    const categories = await getJson<{ name: string }[]>(
      ctx,
      "/api/measurements/custom-categories",
      user.token,
    );
    expect(categories.body.map((c) => c.name)).toEqual(["HRV", "hrv"]);
    const day = await getJson<CustomEntry[]>(
      ctx,
      "/api/measurements/custom-entries/2026-04-02",
      user.token,
    );
    expect(day.body.map((e) => [e.category_name, Number(e.value), e.entry_hour])).toEqual([
      ["HRV", 45, null],
      ["hrv", 50, null],
    ]);
  });

  test("Mood is kept with its notes", async () => {
    const user = await createSyncUser(ctx);
    await ingest(ctx, user.key, [
      {
        type: "Mood",
        value: 7,
        date: "2026-04-04",
        notes: "rested",
        timestamp: "2026-04-04T09:00:00Z",
      },
    ]);
    const mood = await getJson<{ mood_value: number; notes: string }[]>(
      ctx,
      "/api/mood?date=2026-04-04",
      user.token,
    );
    expect(mood.body.map((m) => [m.mood_value, m.notes])).toEqual([[7, "rested"]]);
  });

  test("SleepSession keeps bedtime, wake time and stage events, on the day of waking", async () => {
    const user = await createSyncUser(ctx, "Europe/Berlin");
    const sleep = {
      type: "SleepSession",
      source: "Health Connect",
      source_id: "night-1",
      bedtime: "2026-04-04T21:30:00Z",
      wake_time: "2026-04-05T05:00:00Z",
      stage_events: [
        { stage: "light", start_time: "2026-04-04T21:30:00Z", end_time: "2026-04-04T23:00:00Z" },
        { stage: "deep", start_time: "2026-04-04T23:00:00Z", end_time: "2026-04-05T05:00:00Z" },
        { stage: "nap", start_time: "broken", end_time: "2026-04-05T05:00:00Z" },
      ],
    };
    const res = await ingest(ctx, user.key, [
      sleep,
      { type: "SleepSession", bedtime: "2026-04-05T01:00:00Z" },
    ]);
    expect(res.errors.map((e) => e.error)).toEqual([
      "SleepSession requires bedtime and wake_time.",
    ]);
    const day = await getJson<Record<string, unknown>[]>(
      ctx,
      "/api/sleep?date=2026-04-05",
      user.token,
    );
    expect(day.body.length).toBe(1);
    expect(day.body[0]).toMatchObject({
      entry_date: "2026-04-05",
      duration_seconds: 27000,
      record_timezone: "Europe/Berlin",
      source: "Health Connect",
      stage_events: [
        {
          stage: "light",
          start_time: "2026-04-04T21:30:00.000Z",
          end_time: "2026-04-04T23:00:00.000Z",
        },
        {
          stage: "deep",
          start_time: "2026-04-04T23:00:00.000Z",
          end_time: "2026-04-05T05:00:00.000Z",
        },
      ],
    });
    const one = await getJson<{ id: string }>(ctx, `/api/sleep/${day.body[0]!.id}`, user.token);
    expect(one.body.id).toBe(day.body[0]!.id as string);
  });

  test("Nutrition without source_id is skipped with a reason; with one it is an idempotent diary entry", async () => {
    const user = await createSyncUser(ctx);
    const meal = {
      type: "Nutrition",
      date: "2026-04-06",
      name: "Oats",
      calories: 350,
      protein: 12,
      source: "HealthKit",
    };
    const first = await ingest(ctx, user.key, [meal, { ...meal, source_id: "meal-1" }]);
    expect(first.skipped).toEqual([{ reason: NUTRITION_WITHOUT_ID_REASON, entry: meal }]);
    expect(first.processed.length).toBe(1);
    expect(first.message).toBe("All health data entries were processed successfully.");
    await ingest(ctx, user.key, [{ ...meal, source_id: "meal-1", calories: 360 }]);
    const rows = await ctx.db.owner<{ food_name: string; calories: number; protein_g: number }[]>`
      select food_name, calories, protein_g from nutrition_sync_entries where user_id = ${user.id}`;
    expect([...rows]).toEqual([{ food_name: "Oats", calories: 360, protein_g: 12 }]);
  });
});

describe("calendar days and hours across time zones", () => {
  test("record_timezone, then record_utc_offset_minutes, then the profile zone; a plain date as given", async () => {
    const user = await createSyncUser(ctx, "Pacific/Auckland");
    await ingest(ctx, user.key, [
      // 05:30Z is 22:30 the day before in Los Angeles (UTC-7 in March 2026).
      {
        type: "Temp",
        value: 1,
        timestamp: "2026-03-10T05:30:00Z",
        record_timezone: "America/Los_Angeles",
      },
      // 20:00Z plus 5:30 is 01:30 the next day.
      { type: "Temp", value: 2, timestamp: "2026-03-10T20:00:00Z", record_utc_offset_minutes: 330 },
      // No zone on the record: Auckland (UTC+13) makes 12:00Z 01:00 the next day.
      { type: "Temp", value: 3, timestamp: "2026-03-10T12:00:00Z" },
      // A plain date wins for the day; the hour still comes from the timestamp in the zone.
      {
        type: "Temp",
        value: 4,
        date: "2026-03-10",
        timestamp: "2026-03-10T23:30:00Z",
        record_timezone: "Asia/Tokyo",
      },
      {
        type: "weight",
        value: 70,
        timestamp: "2026-03-10T05:30:00Z",
        record_timezone: "America/Los_Angeles",
      },
    ]);
    const on9 = await getJson<CustomEntry[]>(
      ctx,
      "/api/measurements/custom-entries/2026-03-09",
      user.token,
    );
    expect(on9.body.map((e) => [Number(e.value), e.entry_hour, e.entry_timestamp])).toEqual([
      [1, 22, "2026-03-10T05:30:00.000Z"],
    ]);
    const on10 = await getJson<CustomEntry[]>(
      ctx,
      "/api/measurements/custom-entries/2026-03-10",
      user.token,
    );
    expect(on10.body.map((e) => [Number(e.value), e.entry_hour])).toEqual([[4, 8]]);
    const on11 = await getJson<CustomEntry[]>(
      ctx,
      "/api/measurements/custom-entries/2026-03-11",
      user.token,
    );
    expect(on11.body.map((e) => [Number(e.value), e.entry_hour]).sort()).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(await checkIn(user.id, "2026-03-09")).toEqual({ weight: 70, steps: null });
  });
});
