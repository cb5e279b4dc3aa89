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
// schema served every route.
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
];

describe("impossible dates", () => {
  for (const [path, field] of READS) {
    test(`${path} is a 400 naming ${field}`, async () => {
      const user = await ctx.createUser();
      const res = await call(ctx, user, "GET", path);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(field);
    });
  }
});
