import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { setZone } from "../trackers/helpers.ts";
import { connectMcp } from "./mcp-client.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

/** A user, their REST calls, and the MCP client on their API key. */
async function connect() {
  const user = await ctx.createUser();
  const rest = async (method: string, path: string, body?: unknown) =>
    (await ctx.request(path, jsonRequest(method, user.token, body))).json() as Promise<any>;
  const key = await ctx.createApiKey(user.id, ["mcp"]);
  const mcp = await connectMcp("http://app.local", key, ctx.request);
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await mcp.call(name, args);
    if (result.isError) throw new Error(`${name}: ${result.content[0]!.text}`);
    return result.structuredContent as any;
  };
  return { user, rest, mcp, call };
}

const DAY = "2026-03-10";

describe("tracker tools", () => {
  test("log_water in millilitres and in drinks of the primary container", async () => {
    const { rest, mcp, call } = await connect();
    try {
      await rest("POST", "/api/water-containers", {
        name: "Bottle",
        volume: 500,
        is_primary: true,
      });
      expect((await call("log_water", { amount_ml: 300, date: DAY })).water).toMatchObject({
        water_ml: 300,
        entry_date: DAY,
      });
      expect((await call("log_water", { drinks: 2, date: DAY })).water.water_ml).toBe(1300);
      expect(await rest("GET", `/api/measurements/water-intake/${DAY}`)).toMatchObject({
        water_ml: 1300,
      });
      const neither = await mcp.call("log_water", { date: DAY });
      expect(neither.isError).toBe(true);
      expect(neither.content[0]!.text).toContain("either water_ml or change_drinks");
    } finally {
      await mcp.close();
    }
  });

  test("set_goals from a day on; get_goals and REST read them", async () => {
    const { rest, mcp, call } = await connect();
    try {
      const set = await call("set_goals", { date: DAY, calories: 1800, protein: 140, steps: 8000 });
      expect(set.goals).toMatchObject({ calories: 1800, protein: 140, source: "timeline" });
      const later = await call("get_goals", { date: "2026-03-20" });
      expect(later.goals).toMatchObject({ calories: 1800, steps: 8000, since: DAY });
      expect((await call("get_goals", { date: "2026-03-09" })).goals.source).toBe("default");
      expect(await rest("GET", "/api/goals/for-date?date=2026-03-15")).toMatchObject({
        calories: 1800,
        protein: 140,
      });
      const empty = await mcp.call("set_goals", { date: DAY });
      expect(empty.isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });

  test("log_sleep attributes a night across midnight to the wake-up day in the user's zone", async () => {
    const { user, rest, mcp, call } = await connect();
    try {
      await setZone(ctx, user.id, "America/New_York");
      // 23:00 to 07:00 in New York (UTC-4 in March after the change): waking on the 10th.
      const { entry } = await call("log_sleep", {
        bedtime: "2026-03-10T03:00:00Z",
        wake_time: "2026-03-10T11:00:00Z",
        stage_events: [
          { stage: "deep", start_time: "2026-03-10T03:00:00Z", end_time: "2026-03-10T05:00:00Z" },
          { stage: "awake", start_time: "2026-03-10T05:00:00Z", end_time: "2026-03-10T06:00:00Z" },
          { stage: "light", start_time: "2026-03-10T06:00:00Z", end_time: "2026-03-10T11:00:00Z" },
        ],
      });
      expect(entry).toMatchObject({ entry_date: DAY, record_timezone: "America/New_York" });
      const [night] = await rest("GET", `/api/sleep?date=${DAY}`);
      expect(night).toMatchObject({
        id: entry.id,
        time_asleep_seconds: 7 * 3600,
        efficiency: 87.5,
      });
      const backwards = await mcp.call("log_sleep", {
        bedtime: "2026-03-10T11:00:00Z",
        wake_time: "2026-03-10T03:00:00Z",
      });
      expect(backwards.isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });

  test("log_mood, one per day, read back through REST", async () => {
    const { rest, mcp, call } = await connect();
    try {
      await call("log_mood", { mood_value: 4, date: DAY });
      await call("log_mood", { mood_value: 8, tags: ["calm"], notes: "good run", date: DAY });
      expect(await rest("GET", `/api/mood?date=${DAY}`)).toMatchObject([
        { mood_value: 8, mood_tags: ["calm"], notes: "good run" },
      ]);
      expect((await mcp.call("log_mood", { mood_value: 11 })).isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });

  test("start_fast and end_fast; REST sees the fast and its duration", async () => {
    const { rest, mcp, call } = await connect();
    try {
      const { fast } = await call("start_fast", {
        fasting_type: "16:8",
        start_time: "2026-03-09T20:00:00Z",
      });
      expect(fast).toMatchObject({ status: "ACTIVE", target_end_time: "2026-03-10T12:00:00.000Z" });
      expect((await rest("GET", "/api/fasting/current")).id).toBe(fast.id);
      const again = await mcp.call("start_fast", {});
      expect(again.isError).toBe(true);
      expect(again.content[0]!.text).toContain("already running");
      const ended = await call("end_fast", { end_time: "2026-03-10T12:30:00Z" });
      expect(ended.fast).toMatchObject({ id: fast.id, status: "COMPLETED", duration_minutes: 990 });
      expect(await rest("GET", "/api/fasting/current")).toBeNull();
      expect((await mcp.call("end_fast", {})).content[0]!.text).toContain("No running fast");
    } finally {
      await mcp.close();
    }
  });

  test("get_trends over a nutrient, water, a body measurement and a custom measurement", async () => {
    const { rest, mcp, call } = await connect();
    try {
      const key = await ctx.createApiKey((await rest("GET", "/api/identity/user")).id, [
        "health_data_write",
      ]);
      await ctx.request("/api/health-data", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
        body: JSON.stringify([
          { type: "Nutrition", date: "2026-03-01", protein: 100, calories: 2000, source_id: "a" },
          { type: "Nutrition", date: "2026-03-03", protein: 130, calories: 2200, source_id: "b" },
          { type: "weight", value: 80, date: "2026-03-01" },
        ]),
      });
      await call("log_water", { amount_ml: 1500, date: "2026-03-02" });
      const range = { start_date: "2026-03-01", end_date: "2026-03-07" };
      expect(await call("get_trends", { measurement: "protein", ...range })).toMatchObject({
        points: [
          { date: "2026-03-01", value: 100 },
          { date: "2026-03-03", value: 130 },
        ],
        count: 2,
        average: 115,
      });
      expect(await call("get_trends", { measurement: "water_ml", ...range })).toMatchObject({
        points: [{ date: "2026-03-02", value: 1500 }],
      });
      expect(await call("get_trends", { measurement: "weight", ...range })).toMatchObject({
        count: 1,
        last: 80,
      });
      const category = await rest("POST", "/api/measurements/custom-categories", {
        name: "Resting HR",
      });
      for (const [entry_date, value] of [
        ["2026-03-02", "58"],
        ["2026-03-04", "55"],
      ])
        await rest("POST", "/api/measurements/custom-entries", {
          category_id: category.id,
          value,
          entry_date,
        });
      expect(await call("get_trends", { measurement: "resting hr", ...range })).toMatchObject({
        min: 55,
        max: 58,
      });
      const unknown = await mcp.call("get_trends", { measurement: "happiness", ...range });
      expect(unknown.content[0]!.text).toContain('Unknown measurement "happiness"');
    } finally {
      await mcp.close();
    }
  });
});
