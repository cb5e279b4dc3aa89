import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { codeIn, startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server.ts";
import { makeAdmin, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { emptyDir, run } from "../helpers/processes.ts";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { enableTotp, passwordSignIn, post } from "../helpers/two-factor.ts";

let smtp: FakeSmtp;
let ctx: TestContext;
let noMail: TestContext;

async function adminOf(context: TestContext) {
  const admin = await context.createUser("Admin");
  await makeAdmin(context, admin.id);
  return (method: string, path: string, body?: unknown) =>
    context.request(path, jsonRequest(method, admin.token, body));
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  [ctx, noMail] = await Promise.all([createTestContext(smtp.env), createTestContext()]);
}, SETUP_TIMEOUT);
afterAll(async () => {
  await Promise.all([ctx.close(), noMail.close()]);
  await smtp.close();
});

describe("mandatory second factor", () => {
  test("with SMTP, everyone without a factor gets an emailed code", async () => {
    const admin = await adminOf(ctx);
    const on = await admin("PUT", "/api/admin/auth-settings", { secondFactorRequired: true });
    expect(await on.json()).toEqual({ passwordSignIn: true, secondFactorRequired: true });
    try {
      const user = await ctx.createUser();
      const { body, cookie } = await passwordSignIn(ctx, user);
      expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["otp"] });
      expect((await post(ctx, "/api/auth/two-factor/send-otp", {}, { cookie })).status).toBe(200);
      const code = codeIn(await smtp.nextMailTo(user.email));
      const done = await post(ctx, "/api/auth/two-factor/verify-otp", { code }, { cookie });
      expect(done.status).toBe(200);
    } finally {
      await admin("PUT", "/api/admin/auth-settings", { secondFactorRequired: false });
    }
  });

  test("without SMTP, sign-in opens a session that asks for TOTP set-up", async () => {
    const admin = await adminOf(noMail);
    await admin("PUT", "/api/admin/auth-settings", { secondFactorRequired: true });
    const user = await noMail.createUser();
    const { body } = await passwordSignIn(noMail, user);
    expect(body.twoFactorSetupRequired).toBe(true);
    expect(body.token).toBeString();
    const settings = (await (await noMail.request("/api/auth/settings")).json()) as {
      twoFactor: { enabled: boolean; required: boolean; emailCodes: boolean };
    };
    expect(settings.twoFactor).toEqual({ enabled: true, required: true, emailCodes: false });
  });
});

describe("resetting a user's two-factor sign-in", () => {
  test("the admin route turns TOTP off; only admins may", async () => {
    const admin = await adminOf(ctx);
    const user = await ctx.createUser();
    await enableTotp(ctx, user);
    expect((await passwordSignIn(ctx, user)).body.twoFactorRedirect).toBe(true);
    const notAdmin = await ctx.request(
      `/api/admin/users/${user.id}/reset-two-factor`,
      jsonRequest("POST", user.token, {}),
    );
    expect(notAdmin.status).toBe(403);
    const reset = await admin("POST", `/api/admin/users/${user.id}/reset-two-factor`, {});
    expect(reset.status).toBe(200);
    expect((await passwordSignIn(ctx, user)).body.token).toBeString();
    const ghost = await admin(
      "POST",
      `/api/admin/users/${crypto.randomUUID()}/reset-two-factor`,
      {},
    );
    expect(ghost.status).toBe(404);
  });

  test("fitness user reset-2fa --email E", async () => {
    const main = join(import.meta.dir, "..", "..", "src", "main.ts");
    // The test server when there is one (an embedded start per command is slow).
    const database = usesExternalDatabase ? await createServerTestDatabase() : undefined;
    const env: Record<string, string> = {
      SERVICE_FITNESS_DATA_DIR: emptyDir("fitness-reset-2fa-"),
      ...(database ? { SERVICE_FITNESS_DATABASE_URL: database.url } : {}),
    };
    const cli = (...args: string[]) => run([process.execPath, main, ...args], env);
    try {
      const email = ["--email", "a@example.test"];
      expect((await cli("user", "create", ...email, "--password", "long enough")).code).toBe(0);
      const reset = await cli("user", "reset-2fa", "--email", "A@example.test");
      expect(reset.code).toBe(0);
      expect(reset.stdout).toContain("Two-factor sign-in turned off for A@example.test");
      expect((await cli("user", "reset-2fa", "--email", "nobody@example.test")).code).toBe(1);
    } finally {
      await database?.drop();
    }
  }, 120_000);
});
