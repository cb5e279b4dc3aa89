import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO_EMAIL } from "../../src/auth/demo.ts";
import { requireUser } from "../../src/http/auth.ts";
import { blockDemoAccount } from "../../src/http/demo-guard.ts";
import { makeAdmin, uniqueIp, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { PNG } from "../helpers/image-fixtures.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

function photoForm(): FormData {
  const form = new FormData();
  form.append("photo", new File([PNG], "front.png"));
  return form;
}

const BLOCKED = { error: "This action is not available in the demo account." };

describe("demo mode off", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, SETUP_TIMEOUT);
  afterAll(() => ctx.close());

  test("demo-login answers 404", async () => {
    const res = await ctx.request("/api/auth/demo-login", { method: "POST" });
    expect(res.status).toBe(404);
  });
});

describe("demo mode on", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SERVICE_FITNESS_DEMO_MODE: "true" });
    // How another domain protects an upload route.
    ctx.app.post("/test/upload", requireUser(), blockDemoAccount(), (c) => c.json({ ok: true }));
  }, SETUP_TIMEOUT);
  afterAll(() => ctx.close());

  const demoLogin = async (ip = uniqueIp()) =>
    ctx.request("/api/auth/demo-login", { method: "POST", headers: { "X-Forwarded-For": ip } });

  test("demo-login signs in to the seeded demo account with sample check-ins", async () => {
    const res = await demoLogin();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ email: DEMO_EMAIL, role: "user" });
    expect(res.headers.get("set-cookie")).toContain("HttpOnly");
    const me = await ctx.request("/api/identity/user", { headers: bearer(body.token) });
    expect((await me.json()).email).toBe(DEMO_EMAIL);
    const rows = await ctx.db.withUser(
      body.user.id,
      (tx) => tx`select weight from check_in_measurements where weight is not null`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // The same account every time, and nobody can sign in to it with a password.
    expect((await (await demoLogin()).json()).user.id).toBe(body.user.id);
    const [row] = await ctx.db
      .owner`select password_hash, is_demo from users where id = ${body.user.id}`;
    expect(row).toEqual({ password_hash: null, is_demo: true });
  });

  test("the demo account gets 403 on account management, uploads and admin", async () => {
    const { token, user } = await (await demoLogin()).json();
    const attempts = [
      ctx.request(
        "/api/identity/update-password",
        jsonRequest("POST", token, { currentPassword: "x", newPassword: "long enough" }),
      ),
      ctx.request("/api/identity/user/generate-api-key", jsonRequest("POST", token, { name: "k" })),
      ctx.request("/api/identity/profiles", jsonRequest("PUT", token, { name: "Hacker" })),
      ctx.request("/test/upload", { method: "POST", headers: bearer(token) }),
      ctx.request("/api/measurements/check-in-photos/2026-01-01/front", {
        method: "POST",
        headers: bearer(token),
        body: photoForm(),
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(BLOCKED);
    }
    // Even if the demo account were an administrator, the admin surface stays closed.
    await makeAdmin(ctx, user.id);
    const admin = await ctx.request("/api/admin/users", { headers: bearer(token) });
    expect(admin.status).toBe(403);
    expect(await admin.json()).toEqual(BLOCKED);
    await ctx.db.owner`update users set role = 'user' where id = ${user.id}`;
    // Reading is fine.
    const profile = await ctx.request("/api/identity/profiles", { headers: bearer(token) });
    expect(profile.status).toBe(200);
  });

  test("the demo account adds custom exercises, but without photos", async () => {
    const { token } = await (await demoLogin()).json();
    const form = new FormData();
    form.append("exerciseData", JSON.stringify({ name: "Demo Carry" }));
    form.append("images", new File([PNG], "carry.png"));
    const withPhoto = await ctx.request("/api/exercises", {
      method: "POST",
      headers: bearer(token),
      body: form,
    });
    expect(withPhoto.status).toBe(403);
    expect(await withPhoto.json()).toEqual(BLOCKED);
    const plain = await ctx.request(
      "/api/exercises",
      jsonRequest("POST", token, { name: `Demo Carry ${crypto.randomUUID()}` }),
    );
    expect(plain.status).toBe(201);
  });

  test("other accounts are not blocked", async () => {
    const user = await ctx.createUser();
    const res = await ctx.request("/test/upload", { method: "POST", headers: bearer(user.token) });
    expect(res.status).toBe(200);
    const upload = await ctx.request("/api/measurements/check-in-photos/2026-01-01/front", {
      method: "POST",
      headers: bearer(user.token),
      body: photoForm(),
    });
    expect(upload.status).toBe(200);
  });

  test("demo-login is limited to 10 per minute per address", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await demoLogin(ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await demoLogin()).status).toBe(200);
  });
});
