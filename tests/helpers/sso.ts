import type { FakeOidcProvider } from "../fakes/oidc-provider.ts";
import type { TestContext } from "./test-app.ts";
import { cookiesOf, post } from "./two-factor.ts";

/**
 * Env settings that point the app at the fake provider as its environment provider (on
 * loopback, which the SSRF guard lets only the test-only allowed host reach).
 */
export function envProviderSettings(provider: FakeOidcProvider): Record<string, string> {
  return {
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_OIDC_ISSUER_URL: provider.issuer,
    SERVICE_FITNESS_OIDC_CLIENT_ID: provider.clientId,
    SERVICE_FITNESS_OIDC_CLIENT_SECRET: provider.clientSecret,
  };
}

/**
 * Starts single sign-on in the app, signs in at the provider as `accountId`, and returns
 * the callback path the provider sent the browser to, with the browser's state cookie.
 */
export async function startSso(
  ctx: TestContext,
  provider: FakeOidcProvider,
  accountId: string,
  providerId = "env",
) {
  const started = await post(ctx, "/api/auth/sign-in/sso", { providerId, callbackURL: "/diary" });
  if (started.status !== 200) throw new Error(`sso start: ${await started.text()}`);
  const { url } = (await started.json()) as { url: string };
  const back = await provider.authorize(url, accountId);
  return { url: new URL(url), callback: back.pathname + back.search, cookie: cookiesOf(started) };
}

/** Sends the browser's return from the provider to the app. */
export function returnFromProvider(ctx: TestContext, callback: string, cookie: string) {
  return ctx.request(callback, { headers: { Cookie: cookie } });
}

/** The session cookie an answer set, or undefined. */
export function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((line) => line.startsWith("fitness_session=") && !line.startsWith("fitness_session=;"));
}
