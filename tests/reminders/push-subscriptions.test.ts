import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakePushService, type FakePushService } from "../fakes/push-service.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import {
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";

let ctx: TestContext;
let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
  ctx = await createTestContext({ SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1" });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx.close();
  await push.close();
});

const SUBS = "/api/push/subscriptions";

async function call(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await ctx.request(path, jsonRequest(method, user.token, body));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe("Web Push subscriptions", () => {
  test("a browser subscribes with its PushSubscription JSON; the test push arrives encrypted and signed", async () => {
    const user = await ctx.createUser();
    const key = await call(user, "GET", "/api/push/public-key");
    expect(key.status).toBe(200);
    expect(key.body.public_key).toBe(ctx.config.push.publicKey);
    const browser = push.subscribe();
    const created = await call(user, "POST", SUBS, browser.json);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ endpoint: browser.json.endpoint, last_sent_at: null });
    // Subscribing again renews the keys, and adds no second device.
    expect((await call(user, "POST", SUBS, browser.json)).status).toBe(201);
    expect((await call(user, "GET", SUBS)).body).toHaveLength(1);

    const sent = await call(user, "POST", "/api/push/test");
    expect(sent.body).toEqual({ sent: 1, dropped: 0, failed: 0 });
    expect(push.refused).toEqual([]);
    const [received] = push.received.filter((r) => r.subscriptionId === browser.id);
    expect(received!.message).toMatchObject({ title: "Test notification", tag: "test" });
    expect(received!.vapidKey).toBe(ctx.config.push.publicKey);
    expect(received!.claims.aud).toBe(push.origin);
    expect(received!.claims.sub).toMatch(/^mailto:/);
    expect(Number(received!.ttl)).toBeGreaterThan(0);
    expect((await call(user, "GET", SUBS)).body[0].last_sent_at).not.toBeNull();
  });

  test("a subscription the push service answers 410 or 404 for is dropped; a 500 is reported and kept", async () => {
    const user = await ctx.createUser();
    const [gone, unknown, failing, fine] = [1, 2, 3, 4].map(() => push.subscribe());
    for (const b of [gone, unknown, failing, fine]) await call(user, "POST", SUBS, b!.json);
    push.answer(gone!.id, 410);
    push.answer(unknown!.id, 404);
    push.answer(failing!.id, 500);
    const sent = await call(user, "POST", "/api/push/test");
    expect(sent.body).toEqual({
      sent: 1,
      dropped: 2,
      failed: 1,
      error: "The push service answered 500.",
    });
    const left = (await call(user, "GET", SUBS)).body.map((d: { endpoint: string }) => d.endpoint);
    expect(left.sort()).toEqual([failing!.json.endpoint, fine!.json.endpoint].sort());
  });

  test("sending goes through the SSRF guard: a name resolving to this host is refused", async () => {
    const user = await ctx.createUser();
    const browser = push.subscribe();
    // Only the address 127.0.0.1 is the tests' allowed host; the name localhost is not.
    const endpoint = browser.json.endpoint.replace("http://127.0.0.1", "https://localhost");
    expect((await call(user, "POST", SUBS, { ...browser.json, endpoint })).status).toBe(201);
    const sent = await call(user, "POST", "/api/push/test");
    expect(sent.body).toMatchObject({ sent: 0, dropped: 0, failed: 1 });
    expect(sent.body.error).toContain("localhost resolves to a non-public address");
    expect(push.received.filter((r) => r.subscriptionId === browser.id)).toEqual([]);
  });

  test("unsubscribe by endpoint (the browser's own) or by id (the device list)", async () => {
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const [a, b] = [push.subscribe(), push.subscribe()];
    await call(user, "POST", SUBS, a.json);
    const second = await call(user, "POST", SUBS, b.json);
    // Another person's device is not found, nor is an endpoint not subscribed.
    expect((await call(other, "DELETE", `${SUBS}/${second.body.id}`)).status).toBe(404);
    expect((await call(other, "DELETE", SUBS, { endpoint: a.json.endpoint })).status).toBe(404);
    expect((await call(user, "DELETE", `${SUBS}/not-a-uuid`)).status).toBe(404);
    expect((await call(user, "DELETE", SUBS, { endpoint: a.json.endpoint })).status).toBe(200);
    expect((await call(user, "DELETE", `${SUBS}/${second.body.id}`)).status).toBe(200);
    expect((await call(user, "GET", SUBS)).body).toEqual([]);
    expect((await call(user, "POST", "/api/push/test")).body).toEqual({
      sent: 0,
      dropped: 0,
      failed: 0,
    });
  });

  test("bad subscriptions are refused with a clear 400 and nothing stored", async () => {
    const user = await ctx.createUser();
    const good = push.subscribe().json;
    const cases: [unknown, string][] = [
      [{ ...good, keys: { ...good.keys, p256dh: "short" } }, "keys.p256dh must be 65 bytes."],
      [{ ...good, keys: { ...good.keys, auth: "!!" } }, "keys.auth must be base64url."],
      [
        { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString("base64url") } },
        "keys.p256dh must be an uncompressed P-256 public key.",
      ],
      [{ ...good, endpoint: "ftp://push.example/x" }, "endpoint must be the push service's URL."],
      // The SSRF guard: private and link-local addresses are no push service.
      [{ ...good, endpoint: "https://10.0.0.5/push/x" }, "not a public address"],
      [{ ...good, endpoint: "https://169.254.169.254/latest" }, "not a public address"],
      // Plain http only for the tests' allowed loopback host.
      [{ ...good, endpoint: "http://push.example.com/x" }, "over https"],
    ];
    for (const [body, message] of cases) {
      const res = await call(user, "POST", SUBS, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
    expect((await call(user, "GET", SUBS)).body).toEqual([]);
  });

  test("at most 20 browsers; one already subscribed may renew its keys", async () => {
    const user = await ctx.createUser();
    const browsers = Array.from({ length: 20 }, () => push.subscribe());
    for (const b of browsers) expect((await call(user, "POST", SUBS, b.json)).status).toBe(201);
    const more = await call(user, "POST", SUBS, push.subscribe().json);
    expect(more).toEqual({
      status: 400,
      body: { error: "At most 20 browsers can be subscribed." },
    });
    expect((await call(user, "POST", SUBS, browsers[0]!.json)).status).toBe(201);
    expect((await call(user, "GET", SUBS)).body).toHaveLength(20);
  });

  test("a family member acting for the owner can neither see nor add the owner's devices", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    await ctx.db.owner`
      insert into family_access (owner_user_id, delegate_user_id, can_manage_diary, can_manage_checkin,
                                 can_manage_medications, can_view_reports, is_active)
      values (${owner.id}, ${delegate.id}, true, true, true, true, true)`;
    await call(owner, "POST", SUBS, push.subscribe().json);
    const as = (method: string, path: string, body?: unknown) => {
      const init = jsonRequest(method, delegate.token, body);
      (init.headers as Record<string, string>)["X-Acting-For"] = owner.id;
      return ctx.request(path, init);
    };
    expect((await as("GET", SUBS)).status).toBe(403);
    expect((await as("POST", SUBS, push.subscribe().json)).status).toBe(403);
    expect((await as("POST", "/api/push/test")).status).toBe(403);
    expect((await call(owner, "GET", SUBS)).body).toHaveLength(1);
  });
});
