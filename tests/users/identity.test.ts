import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signIn, uniqueIp, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const putProfile = (token: string, body: unknown) =>
  ctx.request("/api/identity/profiles", jsonRequest("PUT", token, body));
const getProfile = async (token: string) =>
  (await ctx.request("/api/identity/profiles", { headers: bearer(token) })).json();

describe("identity", () => {
  test("GET /api/identity/user is the caller; 401 without credentials", async () => {
    const user = await ctx.createUser("Uma");
    const res = await ctx.request("/api/identity/user", { headers: bearer(user.token) });
    expect(await res.json()).toEqual({
      id: user.id,
      email: user.email,
      name: "Uma",
      role: "user",
      activeUserId: user.id,
    });
    const anonymous = await ctx.request("/api/identity/user");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Unauthorized" });
  });

  test("profile: update some fields, null clears, the rest stays", async () => {
    const user = await ctx.createUser();
    const res = await putProfile(user.token, {
      name: "Pat",
      date_of_birth: "1990-04-02",
      sex: "female",
      timezone: "Europe/Berlin",
      height: 171.5,
      max_heart_rate: 185,
      units: { weight: "lbs", energy: "kJ" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      user_id: user.id,
      name: "Pat",
      date_of_birth: "1990-04-02",
      sex: "female",
      gender: "female",
      timezone: "Europe/Berlin",
      height: 171.5,
      max_heart_rate: 185,
      units: { weight: "lbs", distance: "km", height: "cm", energy: "kJ" },
    });
    await putProfile(user.token, { height: null, gender: "male" });
    const after = await getProfile(user.token);
    expect(after).toMatchObject({
      height: null,
      sex: "male",
      name: "Pat",
      timezone: "Europe/Berlin",
    });
  });

  test("invalid profile input is a 400 and changes nothing", async () => {
    const user = await ctx.createUser();
    for (const bad of [
      { timezone: "Mars/Olympus" },
      { date_of_birth: "1990-13-01" },
      { date_of_birth: "2999-01-01" },
      { sex: "robot" },
      { height: -3 },
      { units: { weight: "stone" } },
      { name: "" },
      { unknown_field: 1 },
    ]) {
      const res = await putProfile(user.token, { timezone: "Asia/Tokyo", ...bad });
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).error).toBe("string");
    }
    expect((await getProfile(user.token)).timezone).toBe("UTC");
  });

  test("user B reads and writes only their own profile", async () => {
    const a = await ctx.createUser("A");
    const b = await ctx.createUser("B");
    await putProfile(a.token, { timezone: "Asia/Tokyo" });
    await putProfile(b.token, { timezone: "America/Lima", name: "Bee" });
    expect(await getProfile(b.token)).toMatchObject({ user_id: b.id, timezone: "America/Lima" });
    expect(await getProfile(a.token)).toMatchObject({
      user_id: a.id,
      name: "A",
      timezone: "Asia/Tokyo",
    });
  });
});

describe("update-password", () => {
  const change = (token: string, body: unknown) =>
    ctx.request("/api/identity/update-password", jsonRequest("POST", token, body));

  test("changes the password and revokes every other session, keeping this one", async () => {
    const user = await ctx.createUser();
    const other = await (
      await signIn(ctx, { email: user.email, password: user.password }, uniqueIp())
    ).json();
    const res = await change(user.token, {
      currentPassword: user.password,
      newPassword: "a brand new secret",
    });
    expect(res.status).toBe(200);
    expect((await ctx.request("/api/identity/user", { headers: bearer(user.token) })).status).toBe(
      200,
    );
    expect((await ctx.request("/api/identity/user", { headers: bearer(other.token) })).status).toBe(
      401,
    );
    const oldPassword = await signIn(
      ctx,
      { email: user.email, password: user.password },
      uniqueIp(),
    );
    expect(oldPassword.status).toBe(401);
    const newPassword = await signIn(
      ctx,
      { email: user.email, password: "a brand new secret" },
      uniqueIp(),
    );
    expect(newPassword.status).toBe(200);
  });

  test("wrong current password or a short new one: 400, nothing changes", async () => {
    const user = await ctx.createUser();
    const wrong = await change(user.token, {
      currentPassword: "nope nope",
      newPassword: "longer one",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "Current password is incorrect." });
    const short = await change(user.token, {
      currentPassword: user.password,
      newPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: "Password must be at least 8 characters." });
    const still = await signIn(ctx, { email: user.email, password: user.password }, uniqueIp());
    expect(still.status).toBe(200);
  });

  test("an API key cannot change the password; user B cannot touch A's sessions", async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    const key = await ctx.createApiKey(a.id);
    const byKey = await change(key, { currentPassword: a.password, newPassword: "another one!" });
    expect(byKey.status).toBe(403);
    // B changing B's password leaves A signed in.
    await change(b.token, { currentPassword: b.password, newPassword: "b's new secret" });
    expect((await ctx.request("/api/identity/user", { headers: bearer(a.token) })).status).toBe(
      200,
    );
  });
});
