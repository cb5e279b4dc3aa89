import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  startBinaryServer,
  signUpWithApiKey,
  type BinaryServer,
} from "../helpers/binary-server.ts";
import { hrSamples, workoutRecord } from "../workouts/workout-fixtures.ts";
import { connectMcp, rawMcpPost } from "./mcp-client.ts";

const RATE_LIMIT = 40;
let server: BinaryServer;
beforeAll(async () => {
  server = await startBinaryServer({
    SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS: String(RATE_LIMIT),
  });
}, 180_000);
afterAll(() => server?.stop());

const rest = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
  });

function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(new Date());
}

describe("MCP over Streamable HTTP against the binary", () => {
  test("lists every tool with an input schema", async () => {
    const user = await signUpWithApiKey(server.url);
    const mcp = await connectMcp(server.url, user.apiKey);
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [
      "search_foods",
      "get_food_diary",
      "log_food",
      "log_external_food",
      "create_food",
      "log_meal",
      "copy_from_yesterday",
      "get_nutrition_summary",
      "log_checkin",
      "get_checkin",
      "get_trends",
      "get_exercise_diary",
      "get_workout_details",
    ]) {
      expect(names).toContain(name);
    }
    const logCheckin = tools.find((t) => t.name === "log_checkin")!;
    expect(logCheckin.inputSchema.properties).toHaveProperty("weight");
    expect(logCheckin.inputSchema.properties).toHaveProperty("date");
    await mcp.close();
  });

  test("log_checkin writes today's check-in in the profile's zone; REST and get_checkin read it back", async () => {
    const user = await signUpWithApiKey(server.url);
    // UTC+14: "today" there differs from UTC's for ten hours of every day.
    const zone = "Pacific/Kiritimati";
    const profile = await rest(user.token, "/api/identity/profiles", {
      method: "PUT",
      body: JSON.stringify({ timezone: zone }),
    });
    expect(profile.status).toBe(200);
    const mcp = await connectMcp(server.url, user.apiKey);
    const logged = await mcp.call("log_checkin", { weight: 81.5, steps: 9000 });
    expect(logged.isError).toBeFalsy();
    const today = todayIn(zone);
    expect(logged.structuredContent!.checkin).toMatchObject({ entry_date: today, weight: 81.5 });
    expect(JSON.parse(logged.content[0]!.text)).toEqual(logged.structuredContent!);

    const viaRest = await (await rest(user.token, `/api/measurements/check-in/${today}`)).json();
    expect(viaRest).toMatchObject({ weight: 81.5, steps: 9000 });
    const read = await mcp.call("get_checkin", {});
    expect(read.structuredContent).toMatchObject({ date: today, checkin: { weight: 81.5 } });
    await mcp.close();
  });

  test("get_trends summarises a measurement over a range", async () => {
    const user = await signUpWithApiKey(server.url);
    const mcp = await connectMcp(server.url, user.apiKey);
    for (const [date, weight] of [
      ["2026-01-01", 80],
      ["2026-01-05", 79],
      ["2026-01-09", 78.5],
    ] as const) {
      expect((await mcp.call("log_checkin", { date, weight })).isError).toBeFalsy();
    }
    const trend = await mcp.call("get_trends", {
      measurement: "weight",
      start_date: "2026-01-01",
      end_date: "2026-01-31",
    });
    expect(trend.structuredContent).toMatchObject({
      count: 3,
      first: 80,
      last: 78.5,
      min: 78.5,
      max: 80,
      average: 79.17,
    });
    await mcp.close();
  });

  test("workout tools give the summary, laps and zones but never the GPS series", async () => {
    const user = await signUpWithApiKey(server.url);
    const start = "2026-02-10T07:00:00Z";
    const record = workoutRecord({
      startTime: start,
      endTime: "2026-02-10T07:10:00Z",
      duration: 600,
      gps_points: [
        { t: start, lat: 45, lon: 7 },
        { t: "2026-02-10T07:05:00Z", lat: 45.01, lon: 7 },
      ],
      hr_samples: hrSamples(start, 60, 10, (i) => 120 + i),
      laps: [
        { lap_index: 0, start_time: start, end_time: "2026-02-10T07:05:00Z" },
        { lap_index: 1, start_time: "2026-02-10T07:05:00Z", end_time: "2026-02-10T07:10:00Z" },
      ],
    });
    const ingest = await rest(user.apiKey, "/api/health-data", {
      method: "POST",
      body: JSON.stringify([record]),
    });
    expect((await ingest.json()).errors).toEqual([]);

    const mcp = await connectMcp(server.url, user.apiKey);
    const diary = await mcp.call("get_exercise_diary", { date: "2026-02-10" });
    const entries = diary.structuredContent!.entries as { id: string; exercise_name: string }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]!.exercise_name).toBe("Running");

    const details = await mcp.call("get_workout_details", { workout_id: entries[0]!.id });
    expect(details.isError).toBeFalsy();
    const body = details.structuredContent!;
    expect((body.laps as unknown[]).length).toBe(2);
    expect((body.heart_rate_zones as unknown[]).length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain("points");
    expect(body.workout).not.toHaveProperty("raw_data");
    await mcp.close();
  });

  test("bad arguments come back as tool errors and write nothing", async () => {
    const user = await signUpWithApiKey(server.url);
    const mcp = await connectMcp(server.url, user.apiKey);
    const badDate = await mcp.call("log_checkin", { date: "2026-02-30", weight: 80 });
    expect(badDate.isError).toBe(true);
    expect(badDate.content[0]!.text).toContain("date");
    const badWeight = await mcp.call("log_checkin", { weight: "heavy" });
    expect(badWeight.isError).toBe(true);
    const nothing = await mcp.call("log_checkin", {});
    expect(nothing).toMatchObject({
      isError: true,
      content: [{ text: "Give at least one measurement." }],
    });
    const unknown = await mcp.call("no_such_tool", {});
    expect(unknown.isError).toBe(true);
    const range = await rest(
      user.token,
      "/api/measurements/check-in-measurements-range/1900-01-01/2200-12-31",
    );
    expect(await range.json()).toEqual([]);
    await mcp.close();
  });

  test("a key's tools act only on its owner's data", async () => {
    const owner = await signUpWithApiKey(server.url);
    const other = await signUpWithApiKey(server.url);
    await rest(owner.apiKey, "/api/health-data", {
      method: "POST",
      body: JSON.stringify([
        workoutRecord({ startTime: "2026-02-11T07:00:00Z", endTime: "2026-02-11T07:30:00Z" }),
      ]),
    });
    const ownerMcp = await connectMcp(server.url, owner.apiKey);
    const diary = await ownerMcp.call("get_exercise_diary", { date: "2026-03-01" });
    const [entry] = (diary.structuredContent!.entries as { id: string }[]) ?? [];
    const ownerEntries = await ownerMcp.call("get_exercise_diary", { date: "2026-02-11" });
    const workoutId = (ownerEntries.structuredContent!.entries as { id: string }[])[0]!.id;
    expect(entry).toBeUndefined();

    const otherMcp = await connectMcp(server.url, other.apiKey);
    const stolen = await otherMcp.call("get_workout_details", { workout_id: workoutId });
    expect(stolen).toMatchObject({ isError: true, content: [{ text: "Workout not found." }] });
    const otherDiary = await otherMcp.call("get_exercise_diary", { date: "2026-02-11" });
    expect(otherDiary.structuredContent!.entries).toEqual([]);
    await ownerMcp.close();
    await otherMcp.close();
  });
});

describe("MCP access rules", () => {
  test("GET and DELETE answer 405", async () => {
    const user = await signUpWithApiKey(server.url);
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${server.url}/mcp`, {
        method,
        headers: { Authorization: `Bearer ${user.apiKey}` },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect((await res.json()).error).toContain("POST");
    }
  });

  test("a missing or unknown key is 401, a key without the mcp permission 403", async () => {
    expect((await rawMcpPost(server.url, {})).status).toBe(401);
    const unknown = await rawMcpPost(server.url, { "X-API-Key": "not-a-key" });
    expect(unknown.status).toBe(401);
    const syncOnly = await signUpWithApiKey(server.url, ["health_data_write"]);
    const res = await rawMcpPost(server.url, { "X-API-Key": syncOnly.apiKey });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("Forbidden: API Key does not have mcp permission");
    // A session token is not an API key.
    expect(
      (await rawMcpPost(server.url, { Authorization: `Bearer ${syncOnly.token}` })).status,
    ).toBe(401);
  });

  test("a key that spent its budget on /api/health-data gets 429 with Retry-After on /mcp", async () => {
    const user = await signUpWithApiKey(server.url);
    for (let i = 0; i < RATE_LIMIT; i++) {
      const res = await rest(user.apiKey, "/api/health-data", { method: "POST", body: "[]" });
      expect(res.status).toBe(200);
    }
    const limited = await rawMcpPost(server.url, { Authorization: `Bearer ${user.apiKey}` });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toBe("Rate limit exceeded.");
  });
});
