import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { requireApiKey } from "../../src/http/auth.ts";
import { elapseWindows, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, type TestContext } from "../helpers/test-app.ts";

const LIMITED = { error: "Rate limit exceeded." };

describe("API-key rate limit at defaults", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, SETUP_TIMEOUT);
  afterAll(() => ctx.close());

  test("150 simultaneous requests with one key: exactly 100 succeed, the rest get 429", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    const responses = await Promise.all(
      Array.from({ length: 150 }, () =>
        ctx.request("/api/identity/user", { headers: { "X-API-Key": key } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(100);
    expect(statuses.filter((s) => s === 429).length).toBe(50);
    const limited = responses.find((r) => r.status === 429)!;
    expect(await limited.json()).toEqual(LIMITED);
    const retryAfter = limited.headers.get("retry-after")!;
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });
});

describe("API-key rate limit with a small budget", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS: "3",
      SERVICE_FITNESS_API_KEY_RATELIMIT_WINDOW_MS: "30500",
    });
    ctx.app.post("/test/health-data", requireApiKey("health_data_write"), (c) => c.json({}));
  }, SETUP_TIMEOUT);
  afterAll(() => ctx.close());

  const statuses = async (send: () => Promise<Response>, times: number) => {
    const result: number[] = [];
    for (let i = 0; i < times; i++) result.push((await send()).status);
    return result;
  };

  test("applies on API-key-only routes too, before the permission check", async () => {
    const user = await ctx.createUser();
    const mcpOnly = await ctx.createApiKey(user.id, ["mcp"]);
    const send = () =>
      ctx.request("/test/health-data", { method: "POST", headers: bearer(mcpOnly) });
    expect(await statuses(send, 4)).toEqual([403, 403, 403, 429]);
  });

  test("counts per key, whether sent as bearer or X-API-Key, across route kinds", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    const other = await ctx.createApiKey(user.id);
    expect((await ctx.request("/api/identity/user", { headers: bearer(key) })).status).toBe(200);
    const api = await ctx.request("/test/health-data", { method: "POST", headers: bearer(key) });
    expect(api.status).toBe(200);
    const viaHeader = { "X-API-Key": key };
    expect((await ctx.request("/api/identity/user", { headers: viaHeader })).status).toBe(200);
    const blocked = await ctx.request("/api/identity/user", { headers: viaHeader });
    expect(blocked.status).toBe(429);
    // Retry-After is whole seconds, rounded up, and never more than the window.
    const retryAfter = blocked.headers.get("retry-after")!;
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(31);
    expect((await ctx.request("/api/identity/user", { headers: bearer(other) })).status).toBe(200);
  });

  test("a new window starts once the old one has passed", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    const send = () => ctx.request("/api/identity/user", { headers: bearer(key) });
    expect(await statuses(send, 4)).toEqual([200, 200, 200, 429]);
    const [row] = await ctx.db.withUser(
      user.id,
      (tx) => tx<{ id: string }[]>`select id from api_keys`,
    );
    await elapseWindows(ctx, row!.id, 31);
    expect(await statuses(send, 4)).toEqual([200, 200, 200, 429]);
  });

  test("sessions, by cookie or bearer token, are not limited", async () => {
    const user = await ctx.createUser();
    const byCookie = () =>
      ctx.request("/api/identity/user", { headers: { Cookie: `fitness_session=${user.token}` } });
    expect(await statuses(byCookie, 5)).toEqual([200, 200, 200, 200, 200]);
    const byBearer = () => ctx.request("/api/identity/user", { headers: bearer(user.token) });
    expect(await statuses(byBearer, 5)).toEqual([200, 200, 200, 200, 200]);
  });

  test("the counters are not readable by the application role", async () => {
    const user = await ctx.createUser();
    await expect(
      ctx.db.withUser(user.id, (tx) => tx`select bucket from rate_limit_counters`),
    ).rejects.toThrow(/permission denied/);
    const [table] = await ctx.db.owner<{ rls: boolean; forced: boolean }[]>`
      select relrowsecurity as rls, relforcerowsecurity as forced
        from pg_class where relname = 'rate_limit_counters'`;
    expect(table).toEqual({ rls: true, forced: true });
  });
});
