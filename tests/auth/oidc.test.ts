import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { startFakeOidcProvider, type FakeOidcProvider } from "../fakes/oidc-provider.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import {
  envProviderSettings,
  returnFromProvider,
  sessionCookieOf,
  startSso,
} from "../helpers/sso.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

const PUBLIC_URL = "http://fitness.test";
let provider: FakeOidcProvider;
let ctx: TestContext;

beforeAll(async () => {
  provider = await startFakeOidcProvider(`${PUBLIC_URL}/api/auth/oidc-callback`);
  ctx = await createTestContext({
    SERVICE_FITNESS_PUBLIC_URL: PUBLIC_URL,
    ...envProviderSettings(provider),
  });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx.close();
  await provider.close();
});
beforeEach(() => provider.setTokenMode("normal"));

/** A new identity at the provider. */
function newAccount(email = `${crypto.randomUUID()}@example.test`, emailVerified = true) {
  const id = crypto.randomUUID();
  provider.accounts.set(id, { email, emailVerified, name: "SSO Person" });
  return { id, email };
}

async function emailOfSession(cookie: string): Promise<string | undefined> {
  const answer = await ctx.request("/api/auth/get-session", {
    headers: { Cookie: cookie.split(";")[0]! },
  });
  const body = (await answer.json()) as { user: { email: string } } | null;
  return body?.user.email;
}

describe("the flow", () => {
  test("redirects with state, nonce and PKCE; auto-registers; signs in again by link", async () => {
    const account = newAccount();
    const first = await startSso(ctx, provider, account.id);
    const params = first.url.searchParams;
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/auth/oidc-callback`);
    expect(params.get("scope")).toBe("openid profile email");

    const signedIn = await returnFromProvider(ctx, first.callback, first.cookie);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/diary");
    const cookie = sessionCookieOf(signedIn)!;
    expect(await emailOfSession(cookie)).toBe(account.email);

    // The same identity again, even after its address changed at the provider.
    provider.accounts.set(account.id, {
      email: "moved@example.test",
      emailVerified: true,
      name: "",
    });
    const second = await startSso(ctx, provider, account.id);
    const again = await returnFromProvider(ctx, second.callback, second.cookie);
    expect(await emailOfSession(sessionCookieOf(again)!)).toBe(account.email);
  });

  test("settings list the environment provider", async () => {
    const settings = (await (await ctx.request("/api/auth/settings")).json()) as {
      oidc: { enabled: boolean; providers: { id: string }[] };
    };
    expect(settings.oidc.enabled).toBe(true);
    expect(settings.oidc.providers.map((p) => p.id)).toEqual(["env"]);
  });
});

describe("refusals create no session", () => {
  test("a wrong state", async () => {
    const flow = await startSso(ctx, provider, newAccount().id);
    const forged = flow.callback.replace(/state=[^&]+/, `state=${crypto.randomUUID()}`);
    const answer = await returnFromProvider(ctx, forged, flow.cookie);
    expect(answer.status).toBe(400);
    expect(sessionCookieOf(answer)).toBeUndefined();
    expect(await answer.json()).toEqual({
      error: "Invalid or expired single sign-on state. Start again.",
    });
  });

  test("a callback from another browser (no state cookie)", async () => {
    const flow = await startSso(ctx, provider, newAccount().id);
    const answer = await returnFromProvider(ctx, flow.callback, "");
    expect(answer.status).toBe(400);
    expect(sessionCookieOf(answer)).toBeUndefined();
  });

  test("a replayed code", async () => {
    const flow = await startSso(ctx, provider, newAccount().id);
    expect((await returnFromProvider(ctx, flow.callback, flow.cookie)).status).toBe(302);
    const replay = await returnFromProvider(ctx, flow.callback, flow.cookie);
    expect(replay.status).toBe(400);
    expect(sessionCookieOf(replay)).toBeUndefined();
  });

  for (const mode of ["bad-signature", "expired"] as const) {
    test(`an ID token with ${mode === "expired" ? "an expiry in the past" : "a bad signature"}`, async () => {
      const flow = await startSso(ctx, provider, newAccount().id);
      provider.setTokenMode(mode);
      const answer = await returnFromProvider(ctx, flow.callback, flow.cookie);
      expect(answer.status).toBe(401);
      expect(sessionCookieOf(answer)).toBeUndefined();
      expect(await answer.json()).toEqual({
        error: "Single sign-on failed: the identity provider's answer was not valid.",
      });
    });
  }

  test("an existing account's email from a provider not trusted for email", async () => {
    const user = await ctx.createUser();
    const flow = await startSso(ctx, provider, newAccount(user.email).id);
    const answer = await returnFromProvider(ctx, flow.callback, flow.cookie);
    expect(answer.status).toBe(409);
    expect(sessionCookieOf(answer)).toBeUndefined();
  });

  test("a callbackURL off this server", async () => {
    const answer = await ctx.request("/api/auth/sign-in/sso", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ providerId: "env", callbackURL: "//evil.example/" }),
    });
    expect(answer.status).toBe(400);
  });
});
