import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { HttpError } from "../errors.ts";
import { isSecureRequest } from "../http/client-ip.ts";
import type { AppEnv } from "../http/context.ts";
import { putChallenge, takeChallenge } from "./challenges.ts";
import { resolveOidcAccount } from "./oidc-accounts.ts";
import { providerConfiguration } from "./oidc-client.ts";
import { getSignInProvider, oidcRedirectUri, SSO_NEEDS_PUBLIC_URL } from "./oidc-providers.ts";

// The state also sits in a cookie of the browser that started the flow, so a callback
// link made by someone else (with their own code) cannot sign this browser in.
const STATE_COOKIE = "fitness_oidc_state";
const STATE_SECONDS = 10 * 60;
export const BAD_STATE = "Invalid or expired single sign-on state. Start again.";
export const SSO_FAILED = "Single sign-on failed: the identity provider's answer was not valid.";

type FlowState = { provider: string; codeVerifier: string; nonce: string; callbackPath: string };

const cookieOptions = (c: Context<AppEnv>) => ({
  path: "/api/auth/oidc-callback",
  httpOnly: true,
  sameSite: "Lax" as const,
  secure: isSecureRequest(c),
});

function redirectUri(c: Context<AppEnv>): string {
  const uri = oidcRedirectUri(c.var.config);
  if (!uri) throw new HttpError(400, SSO_NEEDS_PUBLIC_URL);
  return uri;
}

/** Where to send the browser: the provider's authorization URL with state, nonce and PKCE. */
export async function startOidcSignIn(
  c: Context<AppEnv>,
  providerKey: string,
  callbackPath: string,
): Promise<string> {
  const { db, config } = c.var;
  const redirect_uri = redirectUri(c);
  const provider = await getSignInProvider(db, config, providerKey);
  const oidc = await providerConfiguration(provider, config.testFetchAllowHost).catch((error) => {
    c.var.logger.warn("OIDC discovery failed", { provider: providerKey, error: String(error) });
    throw new HttpError(502, "The identity provider could not be reached.");
  });
  const client = await import("openid-client");
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const flow: FlowState = { provider: provider.key, codeVerifier, nonce, callbackPath };
  const state = await putChallenge(db, "oidc", null, flow, STATE_SECONDS);
  setCookie(c, STATE_COOKIE, state, { ...cookieOptions(c), maxAge: STATE_SECONDS });
  return client.buildAuthorizationUrl(oidc, {
    redirect_uri,
    scope: provider.scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  }).href;
}

/**
 * The provider's return: the state must match this browser's and be unused; the code is
 * exchanged and the ID token verified by openid-client (JWKS signature, issuer, audience,
 * expiry, nonce). Returns the signed-in user and where to send the browser.
 */
export async function finishOidcSignIn(c: Context<AppEnv>) {
  const { db, config, logger } = c.var;
  const current = new URL(redirectUri(c));
  current.search = new URL(c.req.url).search;
  const state = current.searchParams.get("state");
  const browserState = getCookie(c, STATE_COOKIE);
  deleteCookie(c, STATE_COOKIE, cookieOptions(c));
  const taken =
    state && state === browserState ? await takeChallenge<FlowState>(db, state, "oidc") : null;
  if (!taken) throw new HttpError(400, BAD_STATE);
  const flow = taken.data;
  const provider = await getSignInProvider(db, config, flow.provider);
  let identity;
  try {
    const [oidc, client] = await Promise.all([
      providerConfiguration(provider, config.testFetchAllowHost),
      import("openid-client"),
    ]);
    const tokens = await client.authorizationCodeGrant(oidc, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state!,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    // Some providers (Authelia by default) put the email only in the userinfo answer.
    const info = claims.email
      ? claims
      : await client.fetchUserInfo(oidc, tokens.access_token, claims.sub);
    identity = {
      subject: claims.sub,
      email: typeof info.email === "string" ? info.email : undefined,
      emailVerified: info.email_verified === true,
      name: typeof info.name === "string" ? info.name : undefined,
    };
  } catch (error) {
    logger.warn("OIDC callback refused", { provider: provider.key, error: String(error) });
    throw new HttpError(401, SSO_FAILED);
  }
  const userId = await resolveOidcAccount(db, provider, identity);
  return { userId, callbackPath: flow.callbackPath };
}
