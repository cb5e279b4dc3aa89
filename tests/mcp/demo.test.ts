import { afterAll, beforeAll, expect, test } from "bun:test";
import { SETUP_TIMEOUT, uniqueIp } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SERVICE_FITNESS_DEMO_MODE: "true" });
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

test("the demo account cannot use /mcp, even with an API key", async () => {
  const login = await ctx.request("/api/auth/demo-login", {
    method: "POST",
    headers: { "X-Forwarded-For": uniqueIp() },
  });
  const { user } = await login.json();
  // The demo account cannot create keys itself; one made behind its back is still refused.
  const key = await ctx.createApiKey(user.id, ["mcp"]);
  const res = await ctx.request("/mcp", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  expect(res.status).toBe(403);
  expect((await res.json()).error).toBe("This action is not available in the demo account.");
});
