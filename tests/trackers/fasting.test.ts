import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call } from "./helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000);

describe("fasting", () => {
  test("start a planned fast, see it as current, end it; one at a time", async () => {
    const user = await ctx.createUser();
    expect((await call(ctx, user, "GET", "/api/fasting/current")).body).toBeNull();
    const start = "2026-05-01T20:00:00.000Z";
    const started = await call(ctx, user, "POST", "/api/fasting/start", {
      start_time: start,
      fasting_type: "16:8",
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      status: "ACTIVE",
      fasting_type: "16:8",
      target_end_time: "2026-05-02T12:00:00.000Z",
      end_time: null,
    });
    expect((await call(ctx, user, "GET", "/api/fasting/current")).body.id).toBe(started.body.id);
    const second = await call(ctx, user, "POST", "/api/fasting/start", { fasting_type: "OMAD" });
    expect(second.status).toBe(409);
    const ended = await call(ctx, user, "POST", "/api/fasting/end", {
      end_time: "2026-05-02T13:30:00.000Z",
    });
    expect(ended.body).toMatchObject({ status: "COMPLETED", duration_minutes: 17 * 60 + 30 });
    expect((await call(ctx, user, "GET", "/api/fasting/current")).body).toBeNull();
    expect((await call(ctx, user, "POST", "/api/fasting/end", {})).status).toBe(404);
  });

  test("custom hours; edits keep the duration right; history pages; delete", async () => {
    const user = await ctx.createUser();
    const missing = await call(ctx, user, "POST", "/api/fasting/start", { fasting_type: "custom" });
    expect(missing.status).toBe(400);
    const custom = await call(ctx, user, "POST", "/api/fasting/start", {
      start_time: "2026-05-01T18:00:00Z",
      fasting_type: "custom",
      target_hours: 36,
    });
    expect(custom.body.target_end_time).toBe("2026-05-03T06:00:00.000Z");
    const edited = await call(ctx, user, "PUT", `/api/fasting/${custom.body.id}`, {
      end_time: "2026-05-02T18:00:00Z",
      status: "COMPLETED",
    });
    expect(edited.body.duration_minutes).toBe(24 * 60);
    const earlier = await call(ctx, user, "PUT", `/api/fasting/${custom.body.id}`, {
      start_time: "2026-05-01T12:00:00Z",
    });
    expect(earlier.body.duration_minutes).toBe(30 * 60);
    const backwards = await call(ctx, user, "PUT", `/api/fasting/${custom.body.id}`, {
      end_time: "2026-04-01T00:00:00Z",
    });
    expect(backwards.status).toBe(400);
    await call(ctx, user, "POST", "/api/fasting/start", { start_time: "2026-05-04T18:00:00Z" });
    const page = await call(ctx, user, "GET", "/api/fasting/history?limit=1&offset=1");
    expect(page.body.map((f: any) => f.id)).toEqual([custom.body.id]);
    expect((await call(ctx, user, "DELETE", `/api/fasting/${custom.body.id}`)).status).toBe(200);
    expect((await call(ctx, user, "GET", "/api/fasting/history")).body).toHaveLength(1);
  });

  test("stats: totals over completed fasts and streaks of days", async () => {
    const user = await ctx.createUser();
    // Completed fasts ending today, yesterday and the day before, and one a week ago.
    for (const days of [-7, -2, -1, 0]) {
      const end = dayOffset(days);
      const start = new Date(end.getTime() - 16 * 3_600_000);
      await call(ctx, user, "POST", "/api/fasting/start", { start_time: start.toISOString() });
      await call(ctx, user, "POST", "/api/fasting/end", { end_time: end.toISOString() });
    }
    const cancelled = await call(ctx, user, "POST", "/api/fasting/start", {
      start_time: dayOffset(-3).toISOString(),
    });
    await call(ctx, user, "POST", "/api/fasting/end", {
      id: cancelled.body.id,
      status: "CANCELLED",
    });
    const stats = await call(ctx, user, "GET", "/api/fasting/stats");
    expect(stats.body).toEqual({
      total_completed_fasts: 4,
      total_minutes_fasted: 4 * 16 * 60,
      average_duration_minutes: 960,
      longest_duration_minutes: 960,
      current_streak_days: 3,
      longest_streak_days: 3,
    });
  });
});
