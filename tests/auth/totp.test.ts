import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, type TestContext } from "../helpers/test-app.ts";
import { enableTotp, passwordSignIn, post, totpCode } from "../helpers/two-factor.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

async function sessionCount(userId: string): Promise<number> {
  const [row] = await ctx.db.owner<{ n: number }[]>`
    select count(*)::int as n from sessions where user_id = ${userId}`;
  return row!.n;
}

describe("TOTP set-up", () => {
  test("enable answers a URI, an SVG QR code and ten backup codes; nothing is active until confirmed", async () => {
    const user = await ctx.createUser();
    const res = await post(
      ctx,
      "/api/auth/two-factor/enable",
      { password: user.password },
      { token: user.token },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { totpURI: string; qrCode: string; backupCodes: string[] };
    expect(body.totpURI).toStartWith("otpauth://totp/");
    expect(body.totpURI).toContain("secret=");
    expect(body.qrCode).toStartWith("data:image/svg+xml;base64,");
    expect(Buffer.from(body.qrCode.split(",")[1]!, "base64").toString()).toContain("<svg");
    expect(body.backupCodes).toHaveLength(10);
    expect(new Set(body.backupCodes).size).toBe(10);
    // Not confirmed: password sign-in still opens a session.
    expect((await passwordSignIn(ctx, user)).body.token).toBeString();
    // Stored encrypted and hashed: neither the secret nor a code appears in the tables.
    const secret = new URL(body.totpURI).searchParams.get("secret")!;
    const [row] = await ctx.db.owner`
      select f.totp_secret_ciphertext::text as s, string_agg(b.code_hash::text, ',') as codes
        from user_second_factors f join user_backup_codes b using (user_id)
       where f.user_id = ${user.id} group by 1`;
    expect(row!.s).not.toContain(Buffer.from(secret).toString("hex"));
    expect(row!.codes).not.toContain(Buffer.from(body.backupCodes[0]!).toString("hex"));
  });

  test("wrong password or a wrong first code changes nothing", async () => {
    const user = await ctx.createUser();
    const wrong = await post(
      ctx,
      "/api/auth/two-factor/enable",
      { password: "nope nope" },
      { token: user.token },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "Password is incorrect." });
    await post(
      ctx,
      "/api/auth/two-factor/enable",
      { password: user.password },
      { token: user.token },
    );
    const bad = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code: "000000" },
      { token: user.token },
    );
    expect(bad.status).toBe(400);
    expect((await passwordSignIn(ctx, user)).body.token).toBeString();
  });

  test("API keys cannot enable two-factor sign-in", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    const res = await post(
      ctx,
      "/api/auth/two-factor/enable",
      { password: user.password },
      { token: key },
    );
    expect(res.status).toBe(403);
  });
});

describe("sign-in with TOTP", () => {
  test("password sign-in answers twoFactorRedirect and a cookie, no session; verify-totp completes it", async () => {
    const user = await ctx.createUser();
    const { totpURI } = await enableTotp(ctx, user);
    const before = await sessionCount(user.id);
    const { response, body, cookie } = await passwordSignIn(ctx, user);
    expect(response.status).toBe(200);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(cookie).toMatch(/^fitness_two_factor=/);
    expect(response.headers.getSetCookie().join()).toContain("HttpOnly");
    expect(await sessionCount(user.id)).toBe(before);

    const wrong = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code: "123456" },
      { cookie },
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid two-factor code." });
    expect(await sessionCount(user.id)).toBe(before);

    // The confirmation used the current step, so the next one is what the app shows now.
    const ok = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(totpURI, 1) },
      { cookie },
    );
    expect(ok.status).toBe(200);
    const signedIn = (await ok.json()) as { token: string; user: { email: string } };
    expect(signedIn.user.email).toBe(user.email);
    const me = await ctx.request("/api/identity/user", { headers: bearer(signedIn.token) });
    expect(me.status).toBe(200);
    // The pending sign-in is spent.
    const again = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(totpURI, 1) },
      { cookie },
    );
    expect(again.status).toBe(401);
  });

  test("a code is accepted once: replaying it in a new sign-in fails", async () => {
    const user = await ctx.createUser();
    const { totpURI } = await enableTotp(ctx, user);
    const code = totpCode(totpURI, 1);
    const first = await passwordSignIn(ctx, user);
    expect(
      (await post(ctx, "/api/auth/two-factor/verify-totp", { code }, { cookie: first.cookie }))
        .status,
    ).toBe(200);
    const second = await passwordSignIn(ctx, user);
    const replay = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code },
      { cookie: second.cookie },
    );
    expect(replay.status).toBe(401);
    // The confirmation code itself (an earlier step) is refused too.
    const older = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(totpURI) },
      { cookie: second.cookie },
    );
    expect(older.status).toBe(401);
  });

  test("without a pending sign-in, or with a forged cookie, verify answers 401", async () => {
    const user = await ctx.createUser();
    const { totpURI } = await enableTotp(ctx, user);
    const none = await post(ctx, "/api/auth/two-factor/verify-backup-code", {
      code: "abcde-fghij",
    });
    expect(none.status).toBe(401);
    const forged = `fitness_two_factor=${user.id}.${"x".repeat(43)}`;
    const res = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(totpURI, 1) },
      { cookie: forged },
    );
    expect(res.status).toBe(401);
  });

  test("an expired pending sign-in is refused", async () => {
    const user = await ctx.createUser();
    const { totpURI } = await enableTotp(ctx, user);
    const { cookie } = await passwordSignIn(ctx, user);
    await ctx.db
      .owner`update pending_sign_ins set expires_at = now() - interval '1 second' where user_id = ${user.id}`;
    const res = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(totpURI, 1) },
      { cookie },
    );
    expect(res.status).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);
  });

  test("five wrong codes spend the pending sign-in", async () => {
    const user = await ctx.createUser();
    const { totpURI } = await enableTotp(ctx, user);
    const { cookie } = await passwordSignIn(ctx, user);
    for (let i = 0; i < 5; i++) {
      await post(ctx, "/api/auth/two-factor/verify-totp", { code: "000000" }, { cookie });
    }
    const res = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(totpURI, 1) },
      { cookie },
    );
    expect(res.status).toBe(401);
  });
});

describe("backup codes", () => {
  test("each works once; regenerating voids the old ones", async () => {
    const user = await ctx.createUser();
    const { backupCodes } = await enableTotp(ctx, user);
    const first = await passwordSignIn(ctx, user);
    const ok = await post(
      ctx,
      "/api/auth/two-factor/verify-backup-code",
      { code: backupCodes[0] },
      { cookie: first.cookie },
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { token: string }).token).toBeString();

    const second = await passwordSignIn(ctx, user);
    const reused = await post(
      ctx,
      "/api/auth/two-factor/verify-backup-code",
      { code: backupCodes[0] },
      { cookie: second.cookie },
    );
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({ error: "Invalid backup code." });

    const fresh = await post(
      ctx,
      "/api/auth/two-factor/generate-backup-codes",
      { password: user.password },
      { token: user.token },
    );
    const { backupCodes: renewed } = (await fresh.json()) as { backupCodes: string[] };
    expect(renewed).toHaveLength(10);
    const old = await post(
      ctx,
      "/api/auth/two-factor/verify-backup-code",
      { code: backupCodes[1] },
      { cookie: second.cookie },
    );
    expect(old.status).toBe(401);
    const upper = renewed[0]!.toUpperCase();
    const works = await post(
      ctx,
      "/api/auth/two-factor/verify-backup-code",
      { code: upper },
      { cookie: second.cookie },
    );
    expect(works.status).toBe(200);
  });
});

describe("disabling and the factor list", () => {
  test("disable with a current code or the password; then password sign-in opens a session", async () => {
    const user = await ctx.createUser();
    const { totpURI } = await enableTotp(ctx, user);
    const factors = await ctx.request(
      `/api/auth/mfa-factors?email=${encodeURIComponent(user.email)}`,
    );
    expect(await factors.json()).toEqual({ mfa_totp_enabled: true, mfa_email_enabled: false });
    const wrong = await post(
      ctx,
      "/api/auth/two-factor/disable",
      { code: "000000" },
      { token: user.token },
    );
    expect(wrong.status).toBe(400);
    const ok = await post(
      ctx,
      "/api/auth/two-factor/disable",
      { code: totpCode(totpURI, 1) },
      { token: user.token },
    );
    expect(ok.status).toBe(200);
    expect((await passwordSignIn(ctx, user)).body.token).toBeString();
    const after = await ctx.request(
      `/api/auth/mfa-factors?email=${encodeURIComponent(user.email)}`,
    );
    expect(await after.json()).toEqual({ mfa_totp_enabled: false, mfa_email_enabled: false });
  });

  test("an unknown address answers like an account without factors", async () => {
    const res = await ctx.request("/api/auth/mfa-factors?email=nobody-at-all%40example.test");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ mfa_totp_enabled: false, mfa_email_enabled: false });
  });
});
