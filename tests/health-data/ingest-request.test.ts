import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  ALL_PROCESSED_MESSAGE,
  SOME_FAILED_MESSAGE,
} from "../../src/health-data/ingest-records.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { createSyncUser, ingest, postHealthData } from "./helpers.ts";

let ctx: TestContext;
// Starting an embedded engine can take longer than the default hook timeout on a busy machine.
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const MISSING =
  "Missing required fields: value (for scalar types), type, or date/timestamp in one of the entries";

describe("POST /api/health-data: authentication", () => {
  test("no key, an unknown key and a key without the permission get the spec's messages", async () => {
    const user = await ctx.createUser();
    const mcpOnly = await ctx.createApiKey(user.id, ["mcp"]);
    const body = [{ type: "weight", value: 80, date: "2026-03-01" }];

    const none = await postHealthData(ctx, null, body);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: "Unauthorized: Missing API Key" });

    const bad = await postHealthData(ctx, "not-a-real-key", body);
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: "Unauthorized: Invalid or inactive API Key" });

    const forbidden = await postHealthData(ctx, mcpOnly, body);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      error: "Forbidden: API Key does not have health_data_write permission",
    });

    // A session token syncs too (the phone app after a password sign-in): see
    // session-token.test.ts.
    const session = await postHealthData(ctx, user.token, body);
    expect(session.status).toBe(200);
  });

  test("the key also works as X-API-Key", async () => {
    const user = await createSyncUser(ctx);
    const res = await postHealthData(
      ctx,
      null,
      { type: "weight", value: 70, date: "2026-03-01" },
      {
        "X-API-Key": user.key,
      },
    );
    expect(res.status).toBe(200);
  });
});

describe("POST /api/health-data: body", () => {
  test("malformed JSON, a scalar or null body answers 400 Invalid JSON array format.", async () => {
    const { key } = await createSyncUser(ctx);
    for (const body of ["{not json", "42", '"text"', "null", ""]) {
      const res = await postHealthData(ctx, key, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid JSON array format." });
    }
  });

  test("an element that is not a non-null object answers 400 and saves nothing", async () => {
    const user = await createSyncUser(ctx);
    for (const bad of [null, 5, "weight", [1]]) {
      const res = await postHealthData(ctx, user.key, [
        { type: "weight", value: 80, date: "2026-03-02" },
        bad,
      ]);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "Invalid health data format. All entries must be non-null objects.",
      });
    }
    const rows = await ctx.db.owner`select 1 from check_in_measurements where user_id = ${user.id}`;
    expect(rows.length).toBe(0);
  });

  test("one object is taken as an array of one; an empty array is fine", async () => {
    const { key } = await createSyncUser(ctx);
    const one = await ingest(ctx, key, { type: "weight", value: 81, date: "2026-03-03" });
    expect(one).toEqual({
      message: ALL_PROCESSED_MESSAGE,
      processed: [
        { type: "weight", status: "success", data: { entry_date: "2026-03-03", weight: 81 } },
      ],
      errors: [],
      skipped: [],
    });
    const none = await ingest(ctx, key, []);
    expect(none).toEqual({
      message: ALL_PROCESSED_MESSAGE,
      processed: [],
      errors: [],
      skipped: [],
    });
  });

  test("a body over 10 MB answers 413 with an error body", async () => {
    const { key } = await createSyncUser(ctx);
    const big = JSON.stringify([
      { type: "note", value: 1, date: "2026-03-01", pad: "x".repeat(10.5 * 1024 * 1024) },
    ]);
    const res = await postHealthData(ctx, key, big);
    expect(res.status).toBe(413);
    expect(typeof ((await res.json()) as { error: string }).error).toBe("string");
  });
});

describe("POST /api/health-data: per-record outcomes", () => {
  test("records missing type, date/timestamp or value go to errors with the spec's message", async () => {
    const user = await createSyncUser(ctx);
    const entries = [
      { value: 80, date: "2026-03-04" },
      { type: "weight", value: 80 },
      { type: "weight", date: "2026-03-04" },
      { type: "Resting HR", value: null, date: "2026-03-04" },
    ];
    const res = await ingest(ctx, user.key, [
      ...entries,
      { type: "step", value: 500, date: "2026-03-04" },
    ]);
    expect(res.message).toBe(SOME_FAILED_MESSAGE);
    expect(res.errors).toEqual(entries.map((entry) => ({ error: MISSING, entry })));
    expect(res.processed.map((p) => p.type)).toEqual(["step"]);
    expect(res.skipped).toEqual([]);
  });

  test("non-numeric values, impossible dates and bad timestamps are errors naming the problem", async () => {
    const { key } = await createSyncUser(ctx);
    const res = await ingest(ctx, key, [
      { type: "Glucose", value: "high", date: "2026-03-05" },
      { type: "weight", value: -3, date: "2026-03-05" },
      { type: "water", value: 200, date: "2026-02-30" },
      { type: "Glucose", value: 5, timestamp: "yesterday" },
    ]);
    expect(res.errors.map((e) => e.error)).toEqual([
      "Invalid value for type Glucose: must be numeric.",
      "Invalid value for type weight: must not be negative.",
      "Invalid date 2026-02-30: expected a calendar day as YYYY-MM-DD.",
      "timestamp must be an ISO 8601 time",
    ]);
    expect(res.processed).toEqual([]);
    expect(res.message).toBe(SOME_FAILED_MESSAGE);
  });
});
