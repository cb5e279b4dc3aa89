import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeAdmin, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { actingFor, expireGrant, grant } from "./family-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const CHECK_IN = "/api/measurements/check-in";
const DAY = "2026-03-01";

async function ownerWithCheckIn() {
  const owner = await ctx.createUser("Owner");
  const res = await ctx.request(
    CHECK_IN,
    jsonRequest("POST", owner.token, { entry_date: DAY, weight: 70 }),
  );
  expect(res.status).toBe(200);
  return owner;
}

const readCheckIn = (caller: Parameters<typeof actingFor>[1], owner: { id: string }) =>
  actingFor(ctx, caller, owner, `${CHECK_IN}/${DAY}`);
const writeCheckIn = (caller: Parameters<typeof actingFor>[1], owner: { id: string }) =>
  actingFor(ctx, caller, owner, CHECK_IN, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ entry_date: DAY, weight: 71 }),
  });

describe("acting for someone with X-Acting-For", () => {
  test("a delegate with can_manage_checkin reads and writes; the row records who wrote it", async () => {
    const owner = await ownerWithCheckIn();
    const delegate = await ctx.createUser();
    await grant(ctx, owner, delegate, { can_manage_checkin: true });
    const read = await readCheckIn(delegate, owner);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ user_id: owner.id, weight: 70 });
    const written = await writeCheckIn(delegate, owner);
    expect(written.status).toBe(200);
    // The owner sees who wrote it.
    expect((await written.json()).data.updated_by).toBe(delegate.id);
    const [row] = await ctx.db.owner`
      select weight, updated_by from check_in_measurements where user_id = ${owner.id}`;
    expect(row).toEqual({ weight: 71, updated_by: delegate.id });
    // The delegate's own data is untouched.
    const own = await ctx.request(`${CHECK_IN}/${DAY}`, { headers: bearer(delegate.token) });
    expect(await own.json()).toEqual({});
  });

  test("can_view_reports reads but never writes", async () => {
    const owner = await ownerWithCheckIn();
    const delegate = await ctx.createUser();
    await grant(ctx, owner, delegate, { can_view_reports: true });
    expect((await readCheckIn(delegate, owner)).status).toBe(200);
    const write = await writeCheckIn(delegate, owner);
    expect(write.status).toBe(403);
    expect((await write.json()).error).toMatch(/does not allow changing/);
  });

  test("revoked, inactive and expired grants stop access on the next request", async () => {
    const owner = await ownerWithCheckIn();
    const [revoked, inactive, expired] = [
      await ctx.createUser(),
      await ctx.createUser(),
      await ctx.createUser(),
    ];
    const revokedId = await grant(ctx, owner, revoked, { can_manage_checkin: true });
    const inactiveId = await grant(ctx, owner, inactive, { can_manage_checkin: true });
    const expiredId = await grant(ctx, owner, expired, { can_manage_checkin: true });
    for (const d of [revoked, inactive, expired])
      expect((await readCheckIn(d, owner)).status).toBe(200);

    await ctx.request(`/api/identity/family-access/${revokedId}`, {
      method: "DELETE",
      headers: bearer(owner.token),
    });
    await ctx.request(
      `/api/identity/family-access/${inactiveId}`,
      jsonRequest("PUT", owner.token, { is_active: false }),
    );
    await expireGrant(ctx, expiredId);
    for (const d of [revoked, inactive, expired]) {
      const res = await readCheckIn(d, owner);
      expect(res.status).toBe(403);
      const body = await res.text();
      expect(body).toContain("no active family access");
      expect(body).not.toContain(owner.id);
    }
  });

  test("no grant, or an unrelated permission: 403", async () => {
    const owner = await ownerWithCheckIn();
    const stranger = await ctx.createUser();
    const unrelated = await ctx.createUser();
    await grant(ctx, owner, unrelated, { share_external_providers: true });
    expect((await readCheckIn(stranger, owner)).status).toBe(403);
    expect((await readCheckIn(unrelated, owner)).status).toBe(403);
    expect(
      (await actingFor(ctx, stranger, { id: "not-a-uuid" }, `${CHECK_IN}/${DAY}`)).status,
    ).toBe(400);
  });

  test("an administrator gets no access to anyone's data through the role", async () => {
    const owner = await ownerWithCheckIn();
    const admin = await ctx.createUser();
    await makeAdmin(ctx, admin.id);
    expect((await readCheckIn(admin, owner)).status).toBe(403);
  });

  test("an API key always acts as its owner: X-Acting-For is 403 everywhere", async () => {
    const owner = await ownerWithCheckIn();
    const delegate = await ctx.createUser();
    await grant(ctx, owner, delegate, { can_manage_checkin: true, can_manage_diary: true });
    const key = await ctx.createApiKey(delegate.id);
    const headers = {
      ...bearer(key),
      "X-Acting-For": owner.id,
      "Content-Type": "application/json",
    };
    for (const [path, method, body] of [
      [`${CHECK_IN}/${DAY}`, "GET", undefined],
      ["/api/identity/user", "GET", undefined],
      ["/api/health-data", "POST", JSON.stringify([{ type: "weight", value: 1, date: DAY }])],
      ["/mcp", "POST", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })],
    ] as const) {
      const res = await ctx.request(path, { method, headers, body });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toContain("API keys always act as their owner");
    }
    // The same key naming its own owner is fine.
    const own = await ctx.request(`${CHECK_IN}/${DAY}`, {
      headers: { ...bearer(key), "X-Acting-For": delegate.id },
    });
    expect(own.status).toBe(200);
    const [weight] = await ctx.db
      .owner`select weight from check_in_measurements where user_id = ${owner.id}`;
    expect(weight!.weight).toBe(70);
  });
});

describe("never shared and owner-only", () => {
  test("profile: readable with can_manage_diary or reports, never changeable by a delegate", async () => {
    const owner = await ctx.createUser("Owner");
    const diary = await ctx.createUser();
    const checkin = await ctx.createUser();
    await grant(ctx, owner, diary, { can_manage_diary: true, can_manage_checkin: true });
    await grant(ctx, owner, checkin, { can_manage_checkin: true });
    const read = await actingFor(ctx, diary, owner, "/api/identity/profiles");
    expect(read.status).toBe(200);
    expect((await read.json()).user_id).toBe(owner.id);
    expect((await actingFor(ctx, checkin, owner, "/api/identity/profiles")).status).toBe(403);
    const put = await actingFor(ctx, diary, owner, "/api/identity/profiles", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Hijacked" }),
    });
    expect(put.status).toBe(403);
    const [user] = await ctx.db.owner`select name from users where id = ${owner.id}`;
    expect(user!.name).toBe("Owner");
  });

  test("API key routes always work on the signed-in user's own keys", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    await grant(ctx, owner, delegate, {
      can_manage_diary: true,
      can_manage_checkin: true,
      can_view_reports: true,
    });
    await ctx.createApiKey(owner.id);
    const [ownerKey] = await ctx.db.owner`select id from api_keys where user_id = ${owner.id}`;
    const listed = await actingFor(ctx, delegate, owner, "/api/identity/user-api-keys");
    expect(listed.status).toBe(200);
    expect(await listed.text()).not.toContain(ownerKey!.id);
    const revoke = await actingFor(
      ctx,
      delegate,
      owner,
      `/api/identity/user/api-key/${ownerKey!.id}`,
      {
        method: "DELETE",
      },
    );
    expect(revoke.status).toBe(404);
    const [still] = await ctx.db
      .owner`select count(*)::int as n from api_keys where user_id = ${owner.id}`;
    expect(still!.n).toBe(1);
  });
});

describe("switching context in the browser, and who shared with me", () => {
  async function cookieSession(user: { email: string; password: string }) {
    const res = await ctx.request(
      "/api/auth/sign-in/email",
      jsonRequest("POST", null, { email: user.email, password: user.password }),
    );
    return res.headers.get("set-cookie")!.split(";")[0]!;
  }
  const switchTo = (cookie: string, targetUserId: string) =>
    ctx.request("/api/identity/switch-context", {
      method: "POST",
      // A cookie-authenticated write must come from the server's own origin (CSRF guard).
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
      body: JSON.stringify({ targetUserId }),
    });

  test("switch to an owner, act on their data, switch back with your own id", async () => {
    const owner = await ownerWithCheckIn();
    const delegate = await ctx.createUser("Del");
    const stranger = await ctx.createUser();
    const grantId = await grant(ctx, owner, delegate, { can_view_reports: true });
    const session = await cookieSession(delegate);

    const switched = await switchTo(session, owner.id);
    expect(switched.status).toBe(200);
    const setCookie = switched.headers
      .getSetCookie()
      .find((c) => c.startsWith("fitness_acting_for="))!;
    expect(setCookie).toContain("HttpOnly");
    const cookies = `${session}; ${setCookie.split(";")[0]}`;
    const read = await ctx.request(`${CHECK_IN}/${DAY}`, { headers: { Cookie: cookies } });
    expect(await read.json()).toMatchObject({ user_id: owner.id, weight: 70 });
    const who = await (
      await ctx.request("/api/identity/user", { headers: { Cookie: cookies } })
    ).json();
    expect(who).toMatchObject({ id: delegate.id, activeUserId: owner.id });

    // The grant ends: the very next request in the switched context is refused.
    await expireGrant(ctx, grantId);
    expect((await ctx.request(`${CHECK_IN}/${DAY}`, { headers: { Cookie: cookies } })).status).toBe(
      403,
    );

    expect((await switchTo(session, stranger.id)).status).toBe(403);
    const back = await switchTo(cookies, delegate.id);
    expect(back.status).toBe(200);
    expect(back.headers.get("set-cookie")).toContain("fitness_acting_for=;");
  });

  test("accessible-users lists the caller first, then live grants only", async () => {
    const delegate = await ctx.createUser("Del");
    const live = await ctx.createUser("Alive");
    const ended = await ctx.createUser("Ended");
    await grant(ctx, live, delegate, {
      can_manage_diary: true,
      access_end_date: "2099-01-01T00:00:00Z",
    });
    await expireGrant(ctx, await grant(ctx, ended, delegate, { can_manage_diary: true }));
    const res = await ctx.request("/api/identity/users/accessible-users", {
      headers: bearer(delegate.token),
    });
    const list = await res.json();
    expect(list.map((u: { user_id: string }) => u.user_id)).toEqual([delegate.id, live.id]);
    expect(list[0]).toMatchObject({ is_self: true, email: delegate.email, access_end_date: null });
    expect(list[1]).toMatchObject({
      full_name: "Alive",
      email: live.email,
      is_self: false,
      permissions: { can_manage_diary: true, can_view_reports: false },
    });
    expect(new Date(list[1].access_end_date).getUTCFullYear()).toBe(2099);
  });
});
