import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { createSyncUser, getJson, ingest } from "../health-data/helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

// What the phone app's transformation code sends: HealthKit category values as numbers,
// Health Connect's period days as value 1.
const RECORDS = [
  { type: "menstruation", value: 1, date: "2026-03-01", unit: "", source: "Health Connect" },
  { type: "menstruation", value: 1, date: "2026-03-02", unit: "", source: "Health Connect" },
  { type: "menstruation_flow", value: 4, date: "2026-03-02", unit: "", source: "HealthKit" },
  { type: "menstruation_flow", value: 2, date: "2026-03-03", unit: "" },
  { type: "intermenstrual_bleeding", value: 1, date: "2026-03-15", unit: "" },
  { type: "cervical_mucus", value: 5, date: "2026-03-13", unit: "" },
  { type: "ovulation_test", value: 2, date: "2026-03-14", unit: "" },
  { type: "menstruation", value: 1, date: "2026-03-29", unit: "" },
];

describe("cycle records from phones", () => {
  test("go to the cycle tables, not custom measurements, and a re-post changes nothing", async () => {
    const user = await createSyncUser(ctx);
    const first = await ingest(ctx, user.key, RECORDS);
    expect(first.errors).toEqual([]);
    expect(first.processed).toHaveLength(RECORDS.length);
    const logsAfterFirst = await getJson<Record<string, unknown>[]>(
      ctx,
      "/api/v2/cycle/logs?startDate=2026-03-01&endDate=2026-03-31",
      user.token,
    );
    const cyclesAfterFirst = await getJson(ctx, "/api/v2/cycle/cycles", user.token);
    const second = await ingest(ctx, user.key, RECORDS);
    expect(second.errors).toEqual([]);

    const logs = await getJson<Record<string, unknown>[]>(
      ctx,
      "/api/v2/cycle/logs?startDate=2026-03-01&endDate=2026-03-31",
      user.token,
    );
    expect(logs.body).toEqual(logsAfterFirst.body);
    const byDay = Object.fromEntries(logs.body.map((l) => [l.entry_date, l]));
    expect(Object.keys(byDay)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-13",
      "2026-03-15",
      "2026-03-29",
    ]);
    // A period day without an amount is recorded as medium; a flow amount wins over it.
    expect(byDay["2026-03-01"]).toMatchObject({ flow_level: "medium" });
    expect(byDay["2026-03-02"]).toMatchObject({ flow_level: "heavy" });
    expect(byDay["2026-03-03"]).toMatchObject({ flow_level: "light" });
    expect(byDay["2026-03-13"]).toMatchObject({ cervical_mucus: "egg_white", flow_level: null });
    expect(byDay["2026-03-15"]).toMatchObject({ intermenstrual_bleeding: true });

    const tests = await getJson<Record<string, unknown>[]>(
      ctx,
      "/api/v2/cycle/tests?startDate=2026-03-01&endDate=2026-03-31",
      user.token,
    );
    expect(tests.body).toHaveLength(1);
    expect(tests.body[0]).toMatchObject({
      test_type: "opk",
      result: "positive",
      entry_date: "2026-03-14",
    });
    const cycles = await getJson<Record<string, unknown>[]>(
      ctx,
      "/api/v2/cycle/cycles",
      user.token,
    );
    // Derived periods keep their rows (and ids) across a re-sync.
    expect(cycles.body).toEqual(cyclesAfterFirst.body as Record<string, unknown>[]);
    expect(cycles.body.map((c) => [c.start_date, c.period_length])).toEqual([
      ["2026-03-29", 1],
      ["2026-03-01", 3],
    ]);

    const [custom] = await ctx.db.owner<{ n: number }[]>`
      select count(*)::int as n from custom_measurement_entries where user_id = ${user.id}`;
    const [categories] = await ctx.db.owner<{ n: number }[]>`
      select count(*)::int as n from custom_measurement_categories where user_id = ${user.id}`;
    expect([custom!.n, categories!.n]).toEqual([0, 0]);
  });

  test("an unknown value is a per-record error; the others are saved", async () => {
    const user = await createSyncUser(ctx);
    const result = await ingest(ctx, user.key, [
      { type: "cervical_mucus", value: 9, date: "2026-03-13" },
      { type: "menstruation_flow", value: "heavy", date: "2026-03-14" },
    ]);
    expect(result.errors.map((e) => e.error)).toEqual(["Invalid value for type cervical_mucus."]);
    const log = await getJson<Record<string, unknown>>(
      ctx,
      "/api/v2/cycle/logs/2026-03-14",
      user.token,
    );
    expect(log.body.flow_level).toBe("heavy");
  });
});
