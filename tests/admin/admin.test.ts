import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeAdmin, signIn, uniqueIp, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const admin = async () => {
  const user = await ctx.createUser("Admin");
  await makeAdmin(ctx, user.id);
  return user;
};
const send = (method: string, path: string, token: string, body?: unknown) =>
  ctx.request(path, jsonRequest(method, token, body));

describe("admin surface", () => {
  test("regular users and API keys get 403; no credentials 401", async () => {
    const user = await ctx.createUser();
    const res = await ctx.request("/api/admin/users", { headers: bearer(user.token) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Administrator access required." });
    const boss = await admin();
    const key = await ctx.createApiKey(boss.id);
    expect((await ctx.request("/api/admin/users", { headers: bearer(key) })).status).toBe(403);
    expect((await ctx.request("/api/admin/users")).status).toBe(401);
    const role = await send("PUT", `/api/admin/users/${boss.id}/role`, user.token, {
      role: "user",
    });
    expect(role.status).toBe(403);
  });

  test("lists every account without secrets", async () => {
    const boss = await admin();
    const other = await ctx.createUser();
    const res = await ctx.request("/api/admin/users", { headers: bearer(boss.token) });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("argon2");
    const users = JSON.parse(text) as { id: string; role: string; disabled: boolean }[];
    expect(users.find((u) => u.id === other.id)).toMatchObject({ role: "user", disabled: false });
  });

  test("changes a user's role", async () => {
    const boss = await admin();
    const user = await ctx.createUser();
    const res = await send("PUT", `/api/admin/users/${user.id}/role`, boss.token, {
      role: "admin",
    });
    expect(res.status).toBe(200);
    expect((await res.json()).role).toBe("admin");
    const now = await ctx.request("/api/admin/users", { headers: bearer(user.token) });
    expect(now.status).toBe(200);
    const bad = await send("PUT", `/api/admin/users/${user.id}/role`, boss.token, { role: "god" });
    expect(bad.status).toBe(400);
  });

  test("disabling stops the user's sessions and API keys at once; sign-in refused", async () => {
    const boss = await admin();
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    const path = `/api/admin/users/${user.id}/status`;
    expect((await send("PUT", path, boss.token, { disabled: true })).status).toBe(200);
    expect((await ctx.request("/api/identity/user", { headers: bearer(user.token) })).status).toBe(
      401,
    );
    expect((await ctx.request("/api/identity/user", { headers: bearer(key) })).status).toBe(401);
    const again = await signIn(ctx, { email: user.email, password: user.password }, uniqueIp());
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ error: "This account has been disabled." });

    expect((await send("PUT", path, boss.token, { disabled: false })).status).toBe(200);
    expect((await ctx.request("/api/identity/user", { headers: bearer(key) })).status).toBe(200);
  });

  test("resets a password and signs the user out", async () => {
    const boss = await admin();
    const user = await ctx.createUser();
    const path = `/api/admin/users/${user.id}/reset-password`;
    const short = await send("POST", path, boss.token, { newPassword: "short" });
    expect(short.status).toBe(400);
    expect((await send("POST", path, boss.token, { newPassword: "reset by admin" })).status).toBe(
      200,
    );
    expect((await ctx.request("/api/identity/user", { headers: bearer(user.token) })).status).toBe(
      401,
    );
    const res = await signIn(ctx, { email: user.email, password: "reset by admin" }, uniqueIp());
    expect(res.status).toBe(200);
  });

  test("unknown users are 404; an admin cannot demote or disable themselves", async () => {
    const boss = await admin();
    const ghost = crypto.randomUUID();
    const missing = await send("PUT", `/api/admin/users/${ghost}/role`, boss.token, {
      role: "user",
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "User not found." });
    const reset = await send("POST", `/api/admin/users/${ghost}/reset-password`, boss.token, {
      newPassword: "long enough",
    });
    expect(reset.status).toBe(404);
    const self = await send("PUT", `/api/admin/users/${boss.id}/status`, boss.token, {
      disabled: true,
    });
    expect(self.status).toBe(400);
    const demote = await send("PUT", `/api/admin/users/${boss.id}/role`, boss.token, {
      role: "user",
    });
    expect(demote.status).toBe(400);
  });
});
