import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { codeIn, startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { passwordSignIn, post } from "../helpers/two-factor.ts";

let smtp: FakeSmtp;
let ctx: TestContext;
let noMail: TestContext;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await createTestContext(smtp.env);
  noMail = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx.close();
  await noMail.close();
  await smtp.close();
});

async function enableEmailFactor(user: { token: string; password: string }) {
  const res = await post(
    ctx,
    "/api/auth/two-factor/email",
    { enabled: true, password: user.password },
    { token: user.token },
  );
  expect(res.status).toBe(200);
}

describe("email as a second factor", () => {
  test("sign-in, send-otp, the mailed code completes it once", async () => {
    const user = await ctx.createUser();
    await enableEmailFactor(user);
    const factors = await ctx.request(
      `/api/auth/mfa-factors?email=${encodeURIComponent(user.email)}`,
    );
    expect(await factors.json()).toEqual({ mfa_totp_enabled: false, mfa_email_enabled: true });
    const { body, cookie } = await passwordSignIn(ctx, user);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
    expect((await post(ctx, "/api/auth/two-factor/send-otp", {}, { cookie })).status).toBe(200);
    const mail = await smtp.nextMailTo(user.email);
    expect(mail.from).toBe("fitness@example.test");
    const code = codeIn(mail);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect(
      (await post(ctx, "/api/auth/two-factor/verify-otp", { code: wrong }, { cookie })).status,
    ).toBe(401);
    const ok = await post(ctx, "/api/auth/two-factor/verify-otp", { code }, { cookie });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { token: string }).token).toBeString();
    // Used up: a second sign-in cannot reuse it.
    const again = await passwordSignIn(ctx, user);
    const replay = await post(
      ctx,
      "/api/auth/two-factor/verify-otp",
      { code },
      { cookie: again.cookie },
    );
    expect(replay.status).toBe(401);
  });

  test("an expired code is refused", async () => {
    const user = await ctx.createUser();
    await enableEmailFactor(user);
    const { cookie } = await passwordSignIn(ctx, user);
    await post(ctx, "/api/auth/two-factor/send-otp", {}, { cookie });
    const code = codeIn(await smtp.nextMailTo(user.email));
    await ctx.db
      .owner`update email_codes set expires_at = now() - interval '1 second' where user_id = ${user.id}`;
    expect((await post(ctx, "/api/auth/two-factor/verify-otp", { code }, { cookie })).status).toBe(
      401,
    );
  });

  test("a TOTP-only account cannot fall back to email codes", async () => {
    const user = await ctx.createUser();
    await ctx.db
      .owner`insert into user_second_factors (user_id, totp_enabled, totp_secret_ciphertext)
                       values (${user.id}, true, '\\x00')`;
    const { cookie } = await passwordSignIn(ctx, user);
    const res = await post(ctx, "/api/auth/two-factor/send-otp", {}, { cookie });
    expect(res.status).toBe(400);
    expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(0);
  });
});

describe("email verification", () => {
  test("send-verification-otp mails a code; verify-email marks the address verified", async () => {
    const user = await ctx.createUser();
    const sent = await post(ctx, "/api/auth/email-otp/send-verification-otp", {
      email: user.email,
      type: "email-verification",
    });
    expect(await sent.json()).toEqual({ success: true });
    const code = codeIn(await smtp.nextMailTo(user.email));
    const bad = await post(ctx, "/api/auth/email-otp/verify-email", {
      email: user.email,
      otp: "abc",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid or expired code." });
    const ok = await post(ctx, "/api/auth/email-otp/verify-email", {
      email: user.email,
      otp: code,
    });
    expect(ok.status).toBe(200);
    const [row] = await ctx.db.owner`select email_verified from users where id = ${user.id}`;
    expect(row!.email_verified).toBe(true);
    expect(
      (await post(ctx, "/api/auth/email-otp/verify-email", { email: user.email, otp: code }))
        .status,
    ).toBe(400);
  });

  test("an unknown address gets the same answer and no mail", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    const sent = await post(ctx, "/api/auth/email-otp/send-verification-otp", { email });
    expect(await sent.json()).toEqual({ success: true });
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  test("five wrong codes use the code up", async () => {
    const user = await ctx.createUser();
    await post(ctx, "/api/auth/email-otp/send-verification-otp", { email: user.email });
    const code = codeIn(await smtp.nextMailTo(user.email));
    for (let i = 0; i < 5; i++)
      await post(ctx, "/api/auth/email-otp/verify-email", { email: user.email, otp: "999999x" });
    expect(
      (await post(ctx, "/api/auth/email-otp/verify-email", { email: user.email, otp: code }))
        .status,
    ).toBe(400);
  });
});

describe("without SMTP", () => {
  test("the email features say they are off", async () => {
    const user = await noMail.createUser();
    const enable = await post(
      noMail,
      "/api/auth/two-factor/email",
      { enabled: true, password: user.password },
      { token: user.token },
    );
    expect(enable.status).toBe(400);
    expect(await enable.json()).toEqual({ error: "Email is not configured on this server." });
    const send = await post(noMail, "/api/auth/email-otp/send-verification-otp", {
      email: user.email,
    });
    expect(send.status).toBe(400);
  });
});
