import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";
import { sync } from "./fixtures.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const RANGE = "startDate=2026-05-01&endDate=2026-05-17";
const workout = (
  id: string,
  day: string,
  minutes: number,
  extra: Record<string, unknown> = {},
) => ({
  type: "ExerciseSession",
  source: "Health Connect",
  source_id: id,
  activityType: "Running",
  startTime: `${day}T07:00:00Z`,
  endTime: new Date(Date.parse(`${day}T07:00:00Z`) + minutes * 60_000).toISOString(),
  duration: minutes * 60,
  caloriesBurned: minutes * 10,
  distance: minutes / 6,
  record_timezone: "UTC",
  ...extra,
});

describe("reports", () => {
  test("weight trend, training and zones per week, sleep, activity calendar, each as CSV", async () => {
    const user = await ctx.createUser();
    await ctx.db.owner`update user_profiles set max_heart_rate = 190 where user_id = ${user.id}`;
    const hr = Array.from({ length: 31 }, (_, i) => ({
      t: new Date(Date.parse("2026-05-12T07:00:00Z") + i * 60_000).toISOString(),
      bpm: 150,
    }));
    await sync(ctx, user, [
      { type: "weight", value: 80, date: "2026-05-01" },
      { type: "weight", value: 81, date: "2026-05-02" },
      { type: "weight", value: 79, date: "2026-05-04" },
      workout("a", "2026-05-04", 20),
      workout("b", "2026-05-06", 70),
      workout("c", "2026-05-12", 30, { hr_samples: hr }),
      {
        type: "SleepSession",
        bedtime: "2026-05-05T22:00:00Z",
        wake_time: "2026-05-06T06:00:00Z",
        source_id: "s",
      },
    ]);
    // 3 sets of 5 x 100 kg on the first workout: 1,500 kg lifted.
    await ctx.db.owner`
      insert into exercise_entry_sets (exercise_entry_id, user_id, set_number, reps, weight)
      select id, user_id, n, 5, 100 from exercise_entries, generate_series(1, 3) n
       where user_id = ${user.id} and source_id = 'a'`;

    const res = await call(ctx, user, "GET", `/api/reports?${RANGE}`);
    expect(res.status).toBe(200);
    const r = res.body;
    // Trend: 80, then 10% of the way to 81, then two days' worth (19%) of the way to 79.
    expect(r.weight.map((w: any) => [w.date, w.weight, w.trend])).toEqual([
      ["2026-05-01", 80, 80],
      ["2026-05-02", 81, 80.1],
      ["2026-05-04", 79, 79.89],
    ]);
    expect(r.training).toEqual([
      {
        week_start: "2026-05-04",
        workouts: 2,
        duration_minutes: 90,
        distance_km: 15,
        calories: 900,
        volume_kg: 1500,
      },
      {
        week_start: "2026-05-11",
        workouts: 1,
        duration_minutes: 30,
        distance_km: 5,
        calories: 300,
        volume_kg: 0,
      },
    ]);
    expect(r.heart_rate_zones).toHaveLength(1);
    const zones = r.heart_rate_zones[0];
    expect(zones.week_start).toBe("2026-05-11");
    const zoneMinutes = [1, 2, 3, 4, 5].reduce((sum, z) => sum + zones[`zone_${z}`], 0);
    expect(zoneMinutes).toBeGreaterThan(29);
    expect(zoneMinutes).toBeLessThan(31);
    expect(r.sleep).toEqual([
      { date: "2026-05-06", asleep_minutes: 480, in_bed_minutes: 480, efficiency: 100 },
    ]);
    const calendar = Object.fromEntries(r.activity_calendar.map((d: any) => [d.date, d.level]));
    expect(calendar).toMatchObject({
      "2026-05-03": 0,
      "2026-05-04": 1,
      "2026-05-06": 3,
      "2026-05-12": 2,
    });
    expect(r.activity_calendar).toHaveLength(17);
    expect(r.nutrition[0]).toMatchObject({ date: "2026-05-01", calories: 0, goal_calories: 2000 });

    const csv = await ctx.request(`/api/reports/training/csv?${RANGE}`, {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toBe(
      "week_start,workouts,duration_minutes,distance_km,calories,volume_kg\r\n" +
        "2026-05-04,2,90,15,900,1500\r\n2026-05-11,1,30,5,300,0\r\n",
    );
    // Weeks that start on Sunday, as the web client asks for an en-US or Brazilian account.
    const sundays = (await call(ctx, user, "GET", `/api/reports?${RANGE}&weekStart=0`)).body;
    expect(sundays.training.map((w: any) => [w.week_start, w.workouts])).toEqual([
      ["2026-05-03", 2],
      ["2026-05-10", 1],
    ]);
    expect(sundays.heart_rate_zones[0].week_start).toBe("2026-05-10");
    expect((await call(ctx, user, "GET", `/api/reports?${RANGE}&weekStart=7`)).status).toBe(400);
    for (const report of [
      "weight",
      "nutrition",
      "heart_rate_zones",
      "sleep",
      "activity_calendar",
    ]) {
      const text = await (
        await ctx.request(`/api/reports/${report}/csv?${RANGE}`, {
          headers: { Authorization: `Bearer ${user.token}` },
        })
      ).text();
      const lines = text.trim().split("\r\n");
      const rows = r[report];
      expect(lines.length).toBe(rows.length + 1);
    }
    expect((await call(ctx, user, "GET", `/api/reports/photos/csv?${RANGE}`)).status).toBe(400);
  });

  test("energy expenditure from four weeks of intake and weight, only with enough days", async () => {
    const user = await ctx.createUser();
    const day = (i: number) =>
      new Date(Date.parse("2026-04-04") + i * 86_400_000).toISOString().slice(0, 10);
    const records: unknown[] = [];
    // 2,500 kcal every day and 0.1 kg lost per day: 770 kcal a day came from the body.
    for (let i = 0; i < 28; i++) {
      records.push({ type: "Nutrition", date: day(i), calories: 2500, source_id: `n${i}` });
      if (i % 2 === 0) records.push({ type: "weight", value: 90 - 0.1 * i, date: day(i) });
    }
    const few = await ctx.createUser();
    await sync(ctx, few, records.slice(0, 10));
    const scarce = await call(
      ctx,
      few,
      "GET",
      "/api/reports?startDate=2026-04-01&endDate=2026-05-01",
    );
    expect(scarce.body.energy_expenditure).toMatchObject({ available: false });
    await sync(ctx, user, records);
    const res = await call(
      ctx,
      user,
      "GET",
      "/api/reports?startDate=2026-04-20&endDate=2026-05-01",
    );
    expect(res.body.energy_expenditure).toEqual({
      window_start: "2026-04-04",
      window_end: "2026-05-01",
      available: true,
      estimate_kcal: 3270,
      uncertainty_kcal: 0,
      mean_intake_kcal: 2500,
      weight_change_kg_per_week: -0.7,
      days_logged: 28,
      weigh_ins: 14,
    });
    const csv = await ctx.request(
      "/api/reports/energy_expenditure/csv?startDate=2026-04-20&endDate=2026-05-01",
      { headers: { Authorization: `Bearer ${user.token}` } },
    );
    expect(await csv.text()).toBe(
      "window_start,window_end,available,estimate_kcal,uncertainty_kcal,mean_intake_kcal," +
        "weight_change_kg_per_week,days_logged,weigh_ins,reason\r\n" +
        "2026-04-04,2026-05-01,true,3270,0,2500,-0.7,28,14,\r\n",
    );
  });

  test("the phone app's mini nutrition trend: every nutrient per day", async () => {
    const user = await ctx.createUser();
    await sync(ctx, user, [
      { type: "Nutrition", date: "2026-05-02", calories: 500, protein: 30, source_id: "x" },
    ]);
    const res = await call(
      ctx,
      user,
      "GET",
      "/api/reports/mini-nutrition-trends?startDate=2026-05-01&endDate=2026-05-02",
    );
    expect(res.body).toHaveLength(2);
    expect(res.body[1]).toMatchObject({
      date: "2026-05-02",
      calories: 500,
      protein: 30,
      sodium: 0,
      iron: 0,
    });
    expect(Object.keys(res.body[0])).toHaveLength(18);
  });
});
