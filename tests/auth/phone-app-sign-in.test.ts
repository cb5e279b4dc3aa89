import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeOidcProvider, type FakeOidcProvider } from "../fakes/oidc-provider.ts";
import { codeIn, startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server.ts";
import { SETUP_TIMEOUT, uniqueIp } from "../helpers/accounts.ts";
import { envProviderSettings, sessionCookieOf } from "../helpers/sso.ts";
import { bearer, type TestContext } from "../helpers/test-app.ts";
import { createContractContext } from "../mobile-contract/call-log.ts";
import { cookiesOf, enableTotp, totpCode } from "../helpers/two-factor.ts";

// The phone app's sign-in, call by call, as mobile-app-api.md "Connecting and syncing"
// describes it: the Origin it sends, the pending-sign-in cookie it keeps, the answers it reads.
const PUBLIC_URL = "https://fitness.example.test";
let smtp: FakeSmtp;
let idp: FakeOidcProvider;
let ctx: TestContext;

beforeAll(async () => {
  [smtp, idp] = await Promise.all([
    startFakeSmtp(),
    startFakeOidcProvider(`${PUBLIC_URL}/api/auth/oidc-callback`),
  ]);
  ctx = await createContractContext({
    SERVICE_FITNESS_PUBLIC_URL: PUBLIC_URL,
    ...smtp.env,
    ...envProviderSettings(idp),
  });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx.close();
  await Promise.all([smtp.close(), idp.close()]);
});

/** The app's POST: JSON, the trusted origin as Origin, its cookie jar. */
async function appPost(path: string, body: unknown, origin: string, cookie = "") {
  return ctx.request(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: origin,
      "X-Forwarded-For": uniqueIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function signInScreen(email: string, password: string) {
  const settings = (await (await ctx.request("/api/auth/settings")).json()) as {
    trusted_origin: string;
  };
  const origin = settings.trusted_origin;
  const answer = await appPost("/api/auth/sign-in/email", { email, password }, origin);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ twoFactorRedirect: true });
  const setCookie = answer.headers.getSetCookie().join("\n");
  expect(setCookie).toContain("HttpOnly");
  expect(setCookie).toMatch(/Max-Age=300/);
  const factors = await ctx.request(`/api/auth/mfa-factors?email=${encodeURIComponent(email)}`);
  return { origin, cookie: cookiesOf(answer), factors: await factors.json() };
}

async function expectSignedIn(answer: Response, email: string) {
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { token: string; user: { email: string; role: string } };
  expect(body.user).toMatchObject({ email, role: "user" });
  const check = await ctx.request("/api/identity/user", { headers: bearer(body.token) });
  expect(check.status).toBe(200);
}

test("TOTP: sign-in, mfa-factors, verify-totp with the cookie answers {token, user}", async () => {
  const user = await ctx.createUser();
  const { totpURI } = await enableTotp(ctx, user);
  const { origin, cookie, factors } = await signInScreen(user.email, user.password);
  expect(factors).toEqual({ mfa_totp_enabled: true, mfa_email_enabled: false });
  const verified = await appPost(
    "/api/auth/two-factor/verify-totp",
    { code: totpCode(totpURI, 1) },
    origin,
    cookie,
  );
  await expectSignedIn(verified, user.email);
});

test("email: send-otp, then verify-otp with the mailed code answers {token, user}", async () => {
  const user = await ctx.createUser();
  const enabled = await ctx.request("/api/auth/two-factor/email", {
    method: "POST",
    headers: { ...bearer(user.token), "Content-Type": "application/json" },
    body: JSON.stringify({ enabled: true, password: user.password }),
  });
  expect(enabled.status).toBe(200);
  const { origin, cookie, factors } = await signInScreen(user.email, user.password);
  expect(factors).toEqual({ mfa_totp_enabled: false, mfa_email_enabled: true });
  expect((await appPost("/api/auth/two-factor/send-otp", {}, origin, cookie)).status).toBe(200);
  const code = codeIn(await smtp.nextMailTo(user.email));
  await expectSignedIn(
    await appPost("/api/auth/two-factor/verify-otp", { code }, origin, cookie),
    user.email,
  );
});

test("SSO: sign-in/sso, the provider, the callback, then get-session gives the token", async () => {
  const email = `${crypto.randomUUID()}@example.test`;
  const accountId = crypto.randomUUID();
  idp.accounts.set(accountId, { email, emailVerified: true, name: "App User" });
  const started = await appPost(
    "/api/auth/sign-in/sso",
    { providerId: "env", callbackURL: "/" },
    PUBLIC_URL,
  );
  const { url, redirect } = (await started.json()) as { url: string; redirect: boolean };
  expect(redirect).toBe(true);
  const back = await idp.authorize(url, accountId);
  const done = await ctx.request(back.pathname + back.search, {
    headers: { Cookie: cookiesOf(started) },
  });
  expect(done.status).toBe(302);
  const cookie = sessionCookieOf(done)!.split(";")[0]!;
  const session = (await (
    await ctx.request("/api/auth/get-session", {
      headers: { Cookie: cookie },
    })
  ).json()) as { session: { token: string }; user: { email: string } };
  expect(session.user.email).toBe(email);
  const check = await ctx.request("/api/identity/user", { headers: bearer(session.session.token) });
  expect(check.status).toBe(200);

  // A web page's script (marked by the browser) never sees the token.
  const fromPage = (await (
    await ctx.request("/api/auth/get-session", {
      headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    })
  ).json()) as { session: Record<string, unknown> };
  expect(fromPage.session.token).toBeUndefined();
});
