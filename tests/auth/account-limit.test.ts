import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server.ts";
import { elapseWindows, SETUP_TIMEOUT, uniqueIp } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { enableTotp, passwordSignIn, post, totpCode } from "../helpers/two-factor.ts";

let smtp: FakeSmtp;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await createTestContext(smtp.env);
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const LIMITED = {
  error:
    "Too many failed sign-in attempts for this account. Sign-in to it is paused for up to 15 minutes; try again after that.",
};
const wrongPassword = (email: string) =>
  post(ctx, "/api/auth/sign-in/email", { email, password: "not the password" }, { ip: uniqueIp() });

describe("per-account failure limit", () => {
  test("ten failures from ten addresses pause the account everywhere; the owner is told; it passes", async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 10; i++) expect((await wrongPassword(user.email)).status).toBe(401);
    const blocked = await post(ctx, "/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual(LIMITED);
    const mail = await smtp.nextMailTo(user.email);
    expect(mail.raw).toContain("failed attempts");
    await elapseWindows(ctx, `account-failures:${user.email.toLowerCase()}`, 15 * 60 + 1);
    const after = await post(ctx, "/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(after.status).toBe(200);
  });

  test("an unknown address is limited the same way (the 429 reveals nothing)", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    for (let i = 0; i < 10; i++) await wrongPassword(email);
    expect((await wrongPassword(email)).status).toBe(429);
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(0);
  });

  test("wrong second-factor codes count too, across pending sign-ins", async () => {
    const user = await ctx.createUser();
    const { totpURI } = await enableTotp(ctx, user);
    for (let round = 0; round < 2; round++) {
      const { cookie } = await passwordSignIn(ctx, user);
      for (let i = 0; i < 5; i++) {
        await post(ctx, "/api/auth/two-factor/verify-totp", { code: "000000" }, { cookie });
      }
    }
    // Paused: even the right password waits, and so does a right code.
    const paused = await passwordSignIn(ctx, user);
    expect(paused.response.status).toBe(429);
    expect((await smtp.nextMailTo(user.email)).raw).toContain("failed attempts");
    await ctx.db
      .owner`delete from rate_limit_counters where bucket = ${"account-failures:" + user.email.toLowerCase()}`;
    const { cookie } = await passwordSignIn(ctx, user);
    await ctx.db.owner`
      insert into rate_limit_counters (bucket, hits, reset_at)
      values (${"account-failures:" + user.email.toLowerCase()}, 10, now() + interval '1 minute')`;
    const res = await post(
      ctx,
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(totpURI, 1) },
      { cookie },
    );
    expect(res.status).toBe(429);
  });
});
