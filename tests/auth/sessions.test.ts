import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { uniqueIp, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import {
  bearer,
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";
import { grant } from "../family/family-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

type Listed = {
  id: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
};

const PHONE = "FitnessPhone/2.0 (Android 15)";
const LAPTOP = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";

/** Signs the user in from a client with its own address and user agent; returns the token. */
async function signInFrom(user: TestUser, userAgent: string, ip = uniqueIp()) {
  const init = jsonRequest("POST", null, { email: user.email, password: user.password });
  Object.assign(init.headers as Record<string, string>, {
    "User-Agent": userAgent,
    "X-Forwarded-For": ip,
  });
  const res = await ctx.request("/api/auth/sign-in/email", init);
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const list = (token: string, headers: Record<string, string> = {}) =>
  ctx.request("/api/auth/list-sessions", { headers: bearer(token, headers) });
const listed = async (token: string) => (await (await list(token)).json()) as Listed[];
const revoke = (token: string, id: unknown) =>
  ctx.request("/api/auth/revoke-session", jsonRequest("POST", token, { id }));
const revokeOthers = (token: string) =>
  ctx.request("/api/auth/revoke-other-sessions", jsonRequest("POST", token));
const whoAmI = (token: string) => ctx.request("/api/identity/user", { headers: bearer(token) });

/** A user with no session yet but two fresh sign-ins: a phone and a laptop. */
async function userWithTwoSignIns() {
  const user = await ctx.createUser();
  await ctx.db.owner`delete from sessions where user_id = ${user.id}`;
  const phoneIp = uniqueIp();
  const phone = await signInFrom(user, PHONE, phoneIp);
  const laptop = await signInFrom(user, LAPTOP);
  return { user: { ...user, token: laptop }, phone, laptop, phoneIp };
}

describe("list-sessions", () => {
  test("shows both sign-ins with device and address, the caller's marked, never a token", async () => {
    const { phone, laptop, phoneIp } = await userWithTwoSignIns();
    const res = await list(laptop);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(phone);
    expect(text).not.toContain(laptop);
    const sessions = JSON.parse(text) as Listed[];
    expect(sessions).toHaveLength(2);
    expect(Object.keys(sessions[0]!).sort()).toEqual(
      ["createdAt", "current", "expiresAt", "id", "ipAddress", "lastUsedAt", "userAgent"].sort(),
    );
    const current = sessions.filter((s) => s.current);
    expect(current.map((s) => s.userAgent)).toEqual([LAPTOP]);
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ userAgent: PHONE, ipAddress: phoneIp });
    const days = (Date.parse(other.expiresAt) - Date.parse(other.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    // Seen from the phone, the phone is the current one.
    const fromPhone = await listed(phone);
    expect(fromPhone.find((s) => s.current)!.id).toBe(other.id);
  });

  test("expired sessions are not listed", async () => {
    const { user, laptop } = await userWithTwoSignIns();
    await ctx.db.owner`
      update sessions set expires_at = now() - interval '1 minute'
       where user_id = ${user.id} and user_agent = ${PHONE}`;
    expect((await listed(laptop)).map((s) => s.userAgent)).toEqual([LAPTOP]);
  });
});

describe("revoke-session", () => {
  test("signs the other session out: its token then gets 401", async () => {
    const { phone, laptop } = await userWithTwoSignIns();
    const other = (await listed(laptop)).find((s) => !s.current)!;
    const res = await revoke(laptop, other.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
    expect((await whoAmI(phone)).status).toBe(401);
    expect((await whoAmI(laptop)).status).toBe(200);
    expect((await listed(laptop)).map((s) => s.userAgent)).toEqual([LAPTOP]);
  });

  test("another user's session id is a 404 and that session stays valid", async () => {
    const { laptop } = await userWithTwoSignIns();
    const stranger = await userWithTwoSignIns();
    const theirs = (await listed(stranger.phone)).find((s) => s.current)!;
    const res = await revoke(laptop, theirs.id);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Session not found." });
    expect((await whoAmI(stranger.phone)).status).toBe(200);
    expect(await listed(stranger.phone)).toHaveLength(2);
  });

  test("an id that is not a uuid is a 400", async () => {
    const { laptop } = await userWithTwoSignIns();
    expect((await revoke(laptop, "not-an-id")).status).toBe(400);
    expect(await listed(laptop)).toHaveLength(2);
  });

  test("revoking the current session signs it out and clears the cookie", async () => {
    const { phone, laptop } = await userWithTwoSignIns();
    const mine = (await listed(laptop)).find((s) => s.current)!;
    const res = await revoke(laptop, mine.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("fitness_session=;");
    expect((await whoAmI(laptop)).status).toBe(401);
    expect((await whoAmI(phone)).status).toBe(200);
  });
});

describe("revoke-other-sessions", () => {
  test("signs out every session but the caller's", async () => {
    const { user, phone, laptop } = await userWithTwoSignIns();
    const tablet = await signInFrom(user, "Tablet");
    const res = await revokeOthers(laptop);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
    expect((await whoAmI(phone)).status).toBe(401);
    expect((await whoAmI(tablet)).status).toBe(401);
    expect((await whoAmI(laptop)).status).toBe(200);
    const left = await listed(laptop);
    expect(left.map((s) => [s.userAgent, s.current])).toEqual([[LAPTOP, true]]);
  });

  test("leaves other users' sessions alone", async () => {
    const { laptop } = await userWithTwoSignIns();
    const stranger = await userWithTwoSignIns();
    expect((await revokeOthers(laptop)).status).toBe(200);
    expect((await whoAmI(stranger.phone)).status).toBe(200);
    expect((await whoAmI(stranger.laptop)).status).toBe(200);
  });
});

describe("who may call these routes", () => {
  test("an API key gets 403 on all three and changes nothing", async () => {
    const { phone, laptop } = await userWithTwoSignIns();
    const created = await ctx.request(
      "/api/identity/user/generate-api-key",
      jsonRequest("POST", laptop, { name: "sync" }),
    );
    const key = ((await created.json()) as { apiKey: { key: string } }).apiKey.key;
    const other = (await listed(laptop)).find((s) => !s.current)!;
    for (const res of [
      await list(key),
      await revoke(key, other.id),
      await revokeOthers(key),
      await ctx.request("/api/auth/list-sessions", { headers: { "X-API-Key": key } }),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: "This action requires signing in; API keys cannot be used.",
      });
    }
    expect((await whoAmI(phone)).status).toBe(200);
  });

  test("without a session: 401", async () => {
    expect((await ctx.request("/api/auth/list-sessions")).status).toBe(401);
    const res = await ctx.request("/api/auth/revoke-other-sessions", { method: "POST" });
    expect(res.status).toBe(401);
  });

  test("a family member acting for the owner still sees and revokes only their own", async () => {
    const owner = await userWithTwoSignIns();
    const delegate = await userWithTwoSignIns();
    await grant(ctx, owner.user, delegate.user, {
      can_view_reports: true,
      can_manage_checkin: true,
      can_manage_diary: true,
    });
    const ownerIds = (await listed(owner.laptop)).map((s) => s.id);
    const acting = { "X-Acting-For": owner.user.id };
    const res = await list(delegate.laptop, acting);
    expect(res.status).toBe(200);
    const seen = (await res.json()) as Listed[];
    expect(seen).toHaveLength(2);
    expect(seen.some((s) => ownerIds.includes(s.id))).toBe(false);

    const init = jsonRequest("POST", delegate.laptop, { id: ownerIds[0] });
    Object.assign(init.headers as Record<string, string>, acting);
    expect((await ctx.request("/api/auth/revoke-session", init)).status).toBe(404);
    const othersInit = jsonRequest("POST", delegate.laptop);
    Object.assign(othersInit.headers as Record<string, string>, acting);
    expect((await ctx.request("/api/auth/revoke-other-sessions", othersInit)).status).toBe(200);
    expect((await whoAmI(owner.phone)).status).toBe(200);
    expect((await whoAmI(owner.laptop)).status).toBe(200);
    expect((await whoAmI(delegate.phone)).status).toBe(401);
  });
});

test("the three routes are in the OpenAPI document", () => {
  const doc = ctx.app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "t", version: "0" },
  });
  expect(Object.keys(doc.paths?.["/api/auth/list-sessions"] ?? {})).toEqual(["get"]);
  expect(Object.keys(doc.paths?.["/api/auth/revoke-session"] ?? {})).toEqual(["post"]);
  expect(Object.keys(doc.paths?.["/api/auth/revoke-other-sessions"] ?? {})).toEqual(["post"]);
});
