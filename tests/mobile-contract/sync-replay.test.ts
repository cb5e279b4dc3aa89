import { describe, expect, test } from "bun:test";
import { contractContext } from "./call-log.ts";
import { createSyncUser, getJson, ingest } from "../health-data/helpers.ts";
import { MEAL_NUTRIENTS, sessionRecords, simpleRecords } from "./phone-records.ts";

// Every record type of the reference, in the shapes of the app's transformation code, read
// back from where the app and the web client read it.
const ctx = contractContext();

const DAY = "2026-05-02";
const SOURCE = "Health Connect";
const value = (type: string, v: number, unit: string, extra = {}) => ({
  value: v,
  type,
  date: DAY,
  unit,
  source: SOURCE,
  record_utc_offset_minutes: 120,
  ...extra,
});
const read = <T = any>(path: string, token: string) =>
  getJson<T>(ctx, `${path}${path.includes("?") ? "&" : "?"}_=${Date.now()}`, token);

async function syncedUser() {
  const user = await createSyncUser(ctx, "Europe/Berlin");
  for (const chunk of [simpleRecords([DAY]), sessionRecords([DAY])]) {
    const answer = await ingest(ctx, user.key, chunk);
    expect(answer.errors).toEqual([]);
    expect(answer.skipped).toEqual([]);
    expect(answer.processed).toHaveLength(chunk.length);
  }
  return user;
}

describe("phone sync replay: each record type where it belongs", () => {
  test("body_fat, height (m -> cm), bone_mass, weight and steps fill the day's check-in", async () => {
    const user = await syncedUser();
    const { body } = await read(
      `/api/measurements/check-in-measurements-range/${DAY}/${DAY}`,
      user.token,
    );
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      weight: 80.4,
      steps: 9120,
      body_fat_percentage: 18.2,
      height: 178,
      bone_mass_kg: 3.1,
    });
  });

  test("active_calories goes to the day's active energy, not a custom category", async () => {
    const user = await syncedUser();
    const { body } = await read(`/api/daily-summary?date=${DAY}`, user.token);
    expect(body.exercise.active_calories).toBe(515);
    const custom = await read<{ category_name: string }[]>(
      `/api/measurements/custom-entries/${DAY}`,
      user.token,
    );
    const names = custom.body.map((e) => e.category_name);
    for (const moved of ["active_calories", "body_fat", "height", "bone_mass", "weight", "step"]) {
      expect(names).not.toContain(moved);
    }
  });

  test("other measurements keep the unit sent; known types get their label", async () => {
    const user = await syncedUser();
    const { body } = await read<any[]>(`/api/measurements/custom-entries/${DAY}`, user.token);
    const byName = new Map(body.map((e) => [e.category_name, e]));
    const expected: [string, string, string | null, string][] = [
      ["heart_rate_avg", "bpm", "Heart rate (average)", "74"],
      ["resting_heart_rate", "bpm", "Resting heart rate", "55"],
      ["HRV", "ms", "HRV (RMSSD)", "48"],
      ["blood_pressure_systolic", "mmHg", "Blood pressure (systolic)", "121"],
      ["blood_glucose", "mmol/L", "Blood glucose", "5.4"],
      ["blood_oxygen_saturation", "percent", "Blood oxygen (SpO2)", "97"],
      ["vo2_max", "ml/min/kg", "VO2 max", "44.5"],
      ["respiratory_rate", "breaths/min", "Respiratory rate", "14"],
      ["distance", "m", "Distance", "6800"],
      ["floors_climbed", "count", "Floors climbed", "12"],
      ["steps_cadence", "steps_per_second", "Steps cadence", "1.8"],
      ["cycling_cadence", "rpm", "Cycling cadence", "85"],
      ["dietary_protein", "g", null, "96"],
    ];
    for (const [name, unit, label, stored] of expected) {
      const entry = byName.get(name);
      expect(entry?.value).toBe(stored);
      expect(entry?.custom_categories).toMatchObject({
        measurement_type: unit,
        unit,
        display_name: label,
      });
    }
    const categories = await read<any[]>("/api/measurements/custom-categories", user.token);
    expect(categories.body.find((c) => c.name === "blood_glucose")?.measurement_type).toBe(
      "mmol/L",
    );
  });

  test("older spellings land in the same category as the current ones", async () => {
    const user = await createSyncUser(ctx);
    const answer = await ingest(ctx, user.key, [
      value("resting_hr", 56, "bpm"),
      value("vo2max", 45, "ml/min/kg", { source: "HealthKit" }),
      value("floors", 3, "count", { source: "HealthKit" }),
      value("vo2_max", 44, "ml/min/kg"),
    ]);
    expect(answer.errors).toEqual([]);
    const { body } = await read<any[]>(`/api/measurements/custom-entries/${DAY}`, user.token);
    const names = body.map((e) => e.category_name).sort();
    expect(names).toEqual(["floors_climbed", "resting_heart_rate", "vo2_max", "vo2_max"]);
  });

  test("sleep stages sent as stage_type: awake time is not counted as sleep", async () => {
    const user = await syncedUser();
    const { body } = await read<any[]>(`/api/sleep?date=${DAY}`, user.token);
    expect(body).toHaveLength(1);
    expect(body[0].stage_events.map((e: { stage: string }) => e.stage)).toEqual([
      "light",
      "deep",
      "awake",
      "rem",
    ]);
    expect(body[0]).toMatchObject({
      time_asleep_seconds: 19800,
      time_asleep_in_seconds: 19800,
      duration_in_seconds: 23400,
      deep_sleep_seconds: 5400,
      light_sleep_seconds: 6600,
      rem_sleep_seconds: 7800,
      awake_sleep_seconds: 3600,
      // The app's 0 means "no score".
      sleep_score: null,
    });
    expect(body[0].stage_events[2]).toMatchObject({
      stage_type: "awake",
      duration_in_seconds: 3600,
    });
    const details = await read<any[]>(
      `/api/sleep/details?startDate=${DAY}&endDate=${DAY}`,
      user.token,
    );
    expect(details.body.map((s) => s.id)).toEqual([body[0].id]);
    const missing = await read(`/api/sleep/details?startDate=${DAY}`, user.token);
    expect(missing.status).toBe(400);
  });

  test("a Nutrition record keeps every nutrient, in the diary and the day's totals", async () => {
    const user = await syncedUser();
    const { body } = await read(`/api/daily-summary?date=${DAY}`, user.token);
    expect(body.nutrition.entries).toHaveLength(1);
    expect(body.nutrition.entries[0]).toMatchObject({
      food_name: "Lunch bowl",
      meal_type: "lunch",
      ...MEAL_NUTRIENTS,
    });
    expect(body.nutrition.totals).toMatchObject(MEAL_NUTRIENTS);
    const trends = await read<any[]>(
      `/api/reports/mini-nutrition-trends?startDate=${DAY}&endDate=${DAY}`,
      user.token,
    );
    expect(trends.body.find((p) => p.date === DAY)).toMatchObject(MEAL_NUTRIENTS);
  });

  test("intermenstrual_bleeding, a period day and a basal temperature reach the cycle log", async () => {
    const user = await createSyncUser(ctx);
    const answer = await ingest(ctx, user.key, [
      value("intermenstrual_bleeding", 1, "level"),
      value("basal_body_temperature", 36.6, "celsius"),
      value("menstruation_period", 1, "date_range", { date: "2026-05-01" }),
    ]);
    expect(answer.errors).toEqual([]);
    const log = await read(`/api/v2/cycle/logs/${DAY}`, user.token);
    expect(log.body).toMatchObject({ intermenstrual_bleeding: true, bbt: 36.6 });
    const period = await read(`/api/v2/cycle/logs/2026-05-01`, user.token);
    expect(period.body.flow_level).toBe("medium");
    const custom = await read<unknown[]>(`/api/measurements/custom-entries/${DAY}`, user.token);
    expect(custom.body).toEqual([]);
  });

  test("same-day records without a timestamp: the replaced ones are reported as skipped", async () => {
    const user = await createSyncUser(ctx);
    const records = [
      value("heart_rate", 61, "bpm"),
      value("heart_rate", 75, "bpm"),
      value("blood_pressure_systolic", 118, "mmHg"),
      value("heart_rate", 68, "bpm"),
      value("weight", 80, "kg"),
      value("weight", 79.5, "kg"),
    ];
    const answer = await ingest(ctx, user.key, records);
    expect(answer.errors).toEqual([]);
    expect(answer.processed).toHaveLength(3);
    expect(answer.skipped.map((s) => s.entry)).toEqual([0, 1, 4].map((i) => records[i]!));
    expect(answer.skipped[0]!.reason).toContain("Replaced by a later record");
    const { body } = await read<any[]>(`/api/measurements/custom-entries/${DAY}`, user.token);
    expect(body.find((e) => e.category_name === "heart_rate")?.value).toBe("68");
    const checkIn = await read<any[]>(
      `/api/measurements/check-in-measurements-range/${DAY}/${DAY}`,
      user.token,
    );
    expect(checkIn.body[0].weight).toBe(79.5);
  });

  test("a height with an unknown unit is refused, the other records saved", async () => {
    const user = await createSyncUser(ctx);
    const answer = await ingest(ctx, user.key, [
      value("height", 70, "inches"),
      value("height", 181, "cm", { date: "2026-05-03" }),
    ]);
    expect(answer.errors.map((e) => e.error)).toEqual([
      "Invalid value for type height: send it in m or cm.",
    ]);
    const checkIn = await read<any[]>(
      `/api/measurements/check-in-measurements-range/${DAY}/2026-05-03`,
      user.token,
    );
    expect(checkIn.body.map((r) => r.height)).toEqual([181]);
  });
});
