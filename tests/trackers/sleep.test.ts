import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call, setZone } from "./helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const stage = (s: string, from: string, to: string) => ({
  stage: s,
  start_time: from,
  end_time: to,
});

describe("sleep", () => {
  test("a night across midnight belongs to the wake-up day in the profile's zone, with its figures", async () => {
    const user = await ctx.createUser();
    await setZone(ctx, user.id, "America/Los_Angeles");
    // 22:00 to 06:00 Pacific (UTC-7 in May): in UTC it starts on the 5th and ends on the 6th.
    const night = await call(ctx, user, "POST", "/api/sleep", {
      bedtime: "2026-05-05T05:00:00Z",
      wake_time: "2026-05-05T13:00:00Z",
      stage_events: [
        stage("in_bed", "2026-05-05T05:00:00Z", "2026-05-05T05:30:00Z"),
        stage("light", "2026-05-05T05:30:00Z", "2026-05-05T08:30:00Z"),
        stage("deep", "2026-05-05T08:30:00Z", "2026-05-05T10:00:00Z"),
        stage("awake", "2026-05-05T10:00:00Z", "2026-05-05T10:30:00Z"),
        stage("rem", "2026-05-05T10:30:00Z", "2026-05-05T13:00:00Z"),
      ],
    });
    expect(night.status).toBe(201);
    // Asleep: 3 h light + 1.5 h deep + 2.5 h REM = 7 h of 8 h in bed.
    expect(night.body).toMatchObject({
      entry_date: "2026-05-05",
      record_timezone: "America/Los_Angeles",
      duration_seconds: 8 * 3600,
      time_asleep_seconds: 7 * 3600,
      efficiency: 87.5,
      source: "manual",
    });
    expect(night.body.stage_totals).toEqual({
      awake: 1800,
      rem: 9000,
      light: 10800,
      deep: 5400,
      in_bed: 1800,
      unknown: 0,
    });
    // The same instants in Tokyo wake on the 5th too, but a record zone can move the day.
    const tokyo = await call(ctx, user, "POST", "/api/sleep", {
      bedtime: "2026-05-05T16:00:00Z",
      wake_time: "2026-05-05T22:00:00Z",
      record_timezone: "Asia/Tokyo",
    });
    expect(tokyo.body).toMatchObject({
      entry_date: "2026-05-06",
      time_asleep_seconds: 6 * 3600,
      efficiency: 100,
    });

    const range = await call(
      ctx,
      user,
      "GET",
      "/api/sleep?startDate=2026-05-05&endDate=2026-05-06",
    );
    expect(range.body.map((s: any) => s.entry_date)).toEqual(["2026-05-05", "2026-05-06"]);
    const one = await call(ctx, user, "GET", "/api/sleep?date=2026-05-06");
    expect(one.body).toHaveLength(1);
  });

  test("edit and delete; bad input is a 400 naming the field", async () => {
    const user = await ctx.createUser();
    const nap = await call(ctx, user, "POST", "/api/sleep", {
      bedtime: "2026-05-07T13:00:00Z",
      wake_time: "2026-05-07T13:30:00Z",
    });
    const moved = await call(ctx, user, "PUT", `/api/sleep/${nap.body.id}`, {
      bedtime: "2026-05-07T13:00:00Z",
      wake_time: "2026-05-07T14:00:00Z",
      entry_date: "2026-05-08",
    });
    expect(moved.body).toMatchObject({ entry_date: "2026-05-08", duration_seconds: 3600 });
    const backwards = await call(ctx, user, "POST", "/api/sleep", {
      bedtime: "2026-05-07T13:00:00Z",
      wake_time: "2026-05-07T12:00:00Z",
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toContain("wake_time");
    const badZone = await call(ctx, user, "POST", "/api/sleep", {
      bedtime: "2026-05-07T13:00:00Z",
      wake_time: "2026-05-07T14:00:00Z",
      record_timezone: "Mars/Olympus",
    });
    expect(badZone.status).toBe(400);
    for (const query of [
      "date=2024-02-30",
      "date=0000-00-00",
      "startDate=2026-05-01",
      "startDate=2026-05-09&endDate=2026-05-01",
    ]) {
      expect((await call(ctx, user, "GET", `/api/sleep?${query}`)).status).toBe(400);
    }
    expect((await call(ctx, user, "DELETE", `/api/sleep/${nap.body.id}`)).status).toBe(200);
    expect((await call(ctx, user, "GET", `/api/sleep/${nap.body.id}`)).status).toBe(404);
  });
});
