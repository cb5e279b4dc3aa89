import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call } from "./helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

// The list, tried as a new user would: each answered 500 before one calendar-day
// schema served every route. Then the other domains' day parameters.
const READS: [string, string][] = [
  ["/api/measurements/water-intake/2024-02-30", "date"],
  ["/api/measurements/active-calories/0000-00-00", "date"],
  ["/api/measurements/custom-entries/2023-02-29", "date"],
  ["/api/sleep?date=2024-02-30", "date"],
  ["/api/mood?date=0000-00-00", "date"],
  ["/api/vitals?startDate=2026-01-01&endDate=2026-04-31", "endDate"],
  ["/api/exercise-entries/by-date?selectedDate=2024-02-30", "selectedDate"],
  ["/api/goals/for-date?date=2024-13-01", "date"],
  ["/api/daily-summary?date=2024-02-30", "date"],
  ["/api/reports?startDate=1850-01-01&endDate=2026-01-01", "startDate"],
  ["/api/measurements/check-in/2024-02-30", "date"],
  ["/api/measurements/check-in-photos/2024-02-30", "date"],
  ["/api/v2/cycle/logs/2024-02-30", "date"],
];

const WRITES: [string, string, Record<string, unknown>, string][] = [
  [
    "POST",
    "/api/measurements/water-intake",
    { entry_date: "2024-02-30", water_ml: 250 },
    "entry_date",
  ],
  ["POST", "/api/mood", { entry_date: "2025-02-29", mood_value: 5 }, "entry_date"],
  ["POST", "/api/measurements/check-in", { entry_date: "2024-04-31", weight: 80 }, "entry_date"],
  [
    "POST",
    "/api/goals/manage-timeline",
    { start_date: "2024-00-10", calories: 2000 },
    "start_date",
  ],
];

describe("impossible dates", () => {
  for (const [path, field] of READS) {
    test(`GET ${path} is a 400 naming ${field}`, async () => {
      const user = await ctx.createUser();
      const res = await call(ctx, user, "GET", path);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(field);
    });
  }

  for (const [method, path, body, field] of WRITES) {
    test(`${method} ${path} with ${field} ${body[field]} is a 400 naming it, nothing stored`, async () => {
      const user = await ctx.createUser();
      const res = await call(ctx, user, method, path, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(field);
    });
  }

  test("a synced workout on an impossible plain date is that record's error, not a 500", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id, ["health_data_write"]);
    const res = await ctx.request("/api/health-data", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
      body: JSON.stringify([
        { type: "ExerciseSession", date: "2026-02-30", startTime: "2026-02-28T07:00:00Z" },
      ]),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { errors: { error: string }[] };
    expect(JSON.stringify(body.errors)).toContain("Invalid date 2026-02-30");
  });

  test("every day-named parameter and body field in the API is a checked day or an instant", () => {
    const doc = ctx.app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "t", version: "0" },
    });
    const schemas = doc.components?.schemas ?? {};
    const loose: string[] = [];
    const DAY_NAME = /^(date|day)$|_date$|Date$/;
    const walk = (schema: any, name: string, where: string): void => {
      if (!schema) return;
      if (schema.$ref) return walk(schemas[schema.$ref.split("/").pop()], name, where);
      for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(alt, name, where);
      const isString = [schema.type].flat().includes("string");
      if (isString && DAY_NAME.test(name) && !schema.format) loose.push(`${where} ${name}`);
      for (const [key, value] of Object.entries(schema.properties ?? {})) walk(value, key, where);
      if (schema.items) walk(schema.items, name, where);
    };
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, any>)) {
        for (const p of op.parameters ?? []) walk(p.schema, p.name, `${method} ${path}`);
        for (const c of Object.values<any>(op.requestBody?.content ?? {}))
          walk(c.schema, "", `${method} ${path}`);
      }
    }
    expect(loose).toEqual([]);
  });
});
