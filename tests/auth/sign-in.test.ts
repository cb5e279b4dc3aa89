import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signIn, uniqueIp, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Not a new server: the accounts signed up here are ordinary users (first-admin.test.ts).
  await ctx.createUser("Existing");
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const signUp = (body: unknown) =>
  ctx.request("/api/auth/sign-up/email", jsonRequest("POST", null, body));
const cookieOf = (res: Response) => res.headers.get("set-cookie") ?? "";

describe("sign-up", () => {
  test("creates the account and signs it in", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    const res = await signUp({ email, password: "long enough", name: "New" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ email, name: "New", role: "user" });
    expect(cookieOf(res)).toContain(`fitness_session=${body.token}`);
    const me = await ctx.request("/api/identity/user", { headers: bearer(body.token) });
    expect((await me.json()).email).toBe(email);
  });

  test("short passwords, bad emails and taken emails are refused", async () => {
    const short = await signUp({ email: "a@example.test", password: "1234567", name: "x" });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe("Password must be at least 8 characters.");
    const bad = await signUp({ email: "nope", password: "long enough", name: "x" });
    expect(bad.status).toBe(400);
    const user = await ctx.createUser();
    const taken = await signUp({ email: user.email.toUpperCase(), password: "long enough" });
    expect(taken.status).toBe(409);
  });

  test("passwords are stored as argon2id hashes", async () => {
    const user = await ctx.createUser();
    const [row] = await ctx.db.owner<{ password_hash: string }[]>`
      select password_hash from users where id = ${user.id}`;
    expect(row!.password_hash.startsWith("$argon2id$")).toBe(true);
  });
});

describe("sign-in", () => {
  test("returns the token and user and sets an HttpOnly, SameSite=Lax cookie", async () => {
    const user = await ctx.createUser("Ann");
    const res = await signIn(ctx, { email: user.email, password: user.password }, uniqueIp());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["token", "user"]);
    expect(body.user).toEqual({ id: user.id, email: user.email, name: "Ann", role: "user" });
    const cookie = cookieOf(res);
    expect(cookie).toContain(`fitness_session=${body.token}`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");

    const viaCookie = await ctx.request("/api/identity/user", {
      headers: { Cookie: `fitness_session=${body.token}` },
    });
    expect(viaCookie.status).toBe(200);
    const viaBearer = await ctx.request("/api/identity/user", { headers: bearer(body.token) });
    expect(viaBearer.status).toBe(200);
  });

  test("the cookie is Secure over HTTPS, directly or via X-Forwarded-Proto from the proxy", async () => {
    const user = await ctx.createUser();
    const direct = await ctx.app.request(
      "https://fitness.example/api/auth/sign-in/email",
      jsonRequest("POST", null, { email: user.email, password: user.password }),
    );
    expect(cookieOf(direct)).toContain("Secure");
    const init = jsonRequest("POST", null, { email: user.email, password: user.password });
    (init.headers as Record<string, string>)["X-Forwarded-Proto"] = "https";
    (init.headers as Record<string, string>)["X-Forwarded-For"] = uniqueIp();
    expect(cookieOf(await ctx.request("/api/auth/sign-in/email", init))).toContain("Secure");
  });

  test("wrong password and unknown email give the same 401", async () => {
    const user = await ctx.createUser();
    const wrong = await signIn(ctx, { email: user.email, password: "wrong password" }, uniqueIp());
    const unknown = await signIn(
      ctx,
      { email: "nobody@example.test", password: user.password },
      uniqueIp(),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const messages = [(await wrong.json()).error, (await unknown.json()).error];
    expect(messages).toEqual(["Invalid email or password.", "Invalid email or password."]);
  });

  test("the session token is stored only as a SHA-256 hash, expiring in 30 days", async () => {
    const user = await ctx.createUser();
    const res = await signIn(ctx, { email: user.email, password: user.password }, uniqueIp());
    const { token } = await res.json();
    const rows = await ctx.db.owner<{ row: string; days: number }[]>`
      select s::text as row, extract(epoch from expires_at - now()) / 86400 as days
        from sessions s where user_id = ${user.id}`;
    for (const r of rows) expect(r.row).not.toContain(token);
    const hash = new Bun.CryptoHasher("sha256").update(token).digest();
    const [found] = await ctx.db.owner<{ days: number }[]>`
      select extract(epoch from expires_at - now()) / 86400 as days
        from sessions where token_hash = ${hash}`;
    expect(Math.round(found!.days)).toBe(30);
  });
});

describe("session", () => {
  test("get-session answers the session and user, or null", async () => {
    const user = await ctx.createUser("Sam");
    const res = await ctx.request("/api/auth/get-session", { headers: bearer(user.token) });
    const body = await res.json();
    expect(body.user).toEqual({ id: user.id, email: user.email, name: "Sam", role: "user" });
    expect(body.session.userId).toBe(user.id);
    const none = await ctx.request("/api/auth/get-session");
    expect(none.status).toBe(200);
    expect(await none.json()).toBeNull();
  });

  test("a request signed in by cookie renews the cookie's 30-day lifetime", async () => {
    const user = await ctx.createUser();
    const byCookie = await ctx.request("/api/identity/user", {
      headers: { Cookie: `fitness_session=${user.token}` },
    });
    expect(byCookie.status).toBe(200);
    expect(cookieOf(byCookie)).toContain(`fitness_session=${user.token}`);
    expect(cookieOf(byCookie)).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    const byBearer = await ctx.request("/api/identity/user", { headers: bearer(user.token) });
    expect(cookieOf(byBearer)).toBe("");
  });

  test("sign-out revokes the session and clears the cookie", async () => {
    const user = await ctx.createUser();
    const out = await ctx.request("/api/auth/sign-out", {
      method: "POST",
      headers: bearer(user.token),
    });
    expect(out.status).toBe(200);
    expect(cookieOf(out)).toContain("fitness_session=;");
    const after = await ctx.request("/api/identity/user", { headers: bearer(user.token) });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "Unauthorized" });
  });

  test("user B's sign-out does not end user A's session", async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    await ctx.request("/api/auth/sign-out", { method: "POST", headers: bearer(b.token) });
    const stillA = await ctx.request("/api/identity/user", { headers: bearer(a.token) });
    expect(stillA.status).toBe(200);
  });

  test("settings are public and list the enabled sign-in methods", async () => {
    const res = await ctx.request("/api/auth/settings");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.email.enabled).toBe(true);
    expect(body.signup.enabled).toBe(true);
    expect(body.demo.enabled).toBe(false);
  });
});

describe("with sign-up disabled and no trusted proxy", () => {
  let closed: TestContext;
  beforeAll(async () => {
    closed = await createTestContext({
      SERVICE_FITNESS_DISABLE_SIGNUP: "true",
      SERVICE_FITNESS_TRUSTED_PROXY_HOPS: "0",
    });
  }, SETUP_TIMEOUT);
  afterAll(() => closed.close());

  test("sign-up answers 403 and settings say so", async () => {
    const res = await closed.request(
      "/api/auth/sign-up/email",
      jsonRequest("POST", null, { email: "x@example.test", password: "long enough", name: "x" }),
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("Sign-up is disabled.");
    expect((await (await closed.request("/api/auth/settings")).json()).signup.enabled).toBe(false);
  });

  test("X-Forwarded-Proto is ignored when no proxy is trusted", async () => {
    const user = await closed.createUser();
    const init = jsonRequest("POST", null, { email: user.email, password: user.password });
    (init.headers as Record<string, string>)["X-Forwarded-Proto"] = "https";
    const res = await closed.request("/api/auth/sign-in/email", init);
    expect(res.status).toBe(200);
    expect(cookieOf(res)).not.toContain("Secure");
  });
});
