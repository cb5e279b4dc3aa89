import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

// The phone app syncs with the session token after a password sign-in.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS: "3" });
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const sync = (
  authorization: string | null,
  records: unknown = [{ type: "weight", value: 70, date: "2026-03-01" }],
) =>
  ctx.request("/api/health-data", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: JSON.stringify(records),
  });

describe("POST /api/health-data with a session token", () => {
  test("is accepted as Bearer and writes the signed-in user's data", async () => {
    const user = await ctx.createUser();
    const res = await sync(`Bearer ${user.token}`);
    expect(res.status).toBe(200);
    expect((await res.json()).errors).toEqual([]);
    const [row] = await ctx.db
      .owner`select weight from check_in_measurements where user_id = ${user.id}`;
    expect(row!.weight).toBe(70);
  });

  test("counts against the same per-credential budget as a key", async () => {
    const user = await ctx.createUser();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await sync(`Bearer ${user.token}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another session of the same account has a budget of its own, like another key.
    const other = await ctx.createUser();
    expect((await sync(`Bearer ${other.token}`)).status).toBe(200);
  });

  test("neither a key nor a session keeps the spec's exact 401 messages", async () => {
    const missing = await sync(null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: "Unauthorized: Missing API Key" });
    const bad = await sync("Bearer not-a-token-at-all");
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: "Unauthorized: Invalid or inactive API Key" });
  });

  test("a signed-out session no longer syncs", async () => {
    const user = await ctx.createUser();
    await ctx.request("/api/auth/sign-out", {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect((await sync(`Bearer ${user.token}`)).status).toBe(401);
  });
});
