import { afterAll, beforeAll, expect, test } from "bun:test";
import { ACTING_FOR_HEADER } from "../../src/http/acting-for.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ SERVICE_FITNESS_DEMO_MODE: "true" });
});
afterAll(() => ctx.close());

function asDelegate(token: string, ownerId: string, method: string, path: string, body?: unknown) {
  const init = jsonRequest(method, token, body);
  (init.headers as Record<string, string>)[ACTING_FOR_HEADER] = ownerId;
  return ctx.request(path, init);
}

test("a delegate with share_external_providers sees and syncs the owner's connection until it is private", async () => {
  const owner = await ctx.createUser("Owner");
  const delegate = await ctx.createUser("Delegate");
  await ctx.db.owner`
    insert into family_access (owner_user_id, delegate_user_id, share_external_providers)
    values (${owner.id}, ${delegate.id}, true)`;
  await ctx.request(
    "/api/integrations/hevy/connect",
    jsonRequest("POST", owner.token, { api_key: "k" }),
  );

  const seen = await asDelegate(delegate.token, owner.id, "GET", "/api/integrations/hevy/status");
  expect(await seen.json()).toMatchObject({ connected: true, next_sync_at: null });
  expect(
    (await asDelegate(delegate.token, owner.id, "POST", "/api/integrations/hevy/sync", {})).status,
  ).toBe(202);
  // Credentials stay the owner's.
  expect(
    (await asDelegate(delegate.token, owner.id, "POST", "/api/integrations/hevy/disconnect"))
      .status,
  ).toBe(403);

  await ctx.request(
    "/api/integrations/hevy/settings",
    jsonRequest("PUT", owner.token, { is_private: true }),
  );
  const hidden = await asDelegate(delegate.token, owner.id, "GET", "/api/integrations/hevy/status");
  expect(await hidden.json()).toMatchObject({ connected: false, status: "disconnected" });
  const sync = await asDelegate(
    delegate.token,
    owner.id,
    "POST",
    "/api/integrations/hevy/sync",
    {},
  );
  expect(sync.status).toBe(404);
});

test("the demo account gets 403 on the integration routes", async () => {
  const demo = await ctx.createUser("Demo");
  await ctx.db.owner`update users set is_demo = true where id = ${demo.id}`;
  const res = await ctx.request("/api/integrations", jsonRequest("GET", demo.token));
  expect(res.status).toBe(403);
  expect((await res.json()).error).toBe("This action is not available in the demo account.");
});
