import { exportJWK, generateKeyPair, decodeJwt, SignJWT, type JWK } from "jose";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** How the provider's token answer is spoiled, to test that the client refuses it. */
export type TokenMode = "normal" | "bad-signature" | "expired";

export type FakeAccount = { email: string; emailVerified: boolean; name: string };

export type FakeOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, FakeAccount>;
  setTokenMode(mode: TokenMode): void;
  /**
   * Follows an authorization URL through the provider's own login and consent pages as
   * `accountId` and returns the URL it redirects back to (the client's redirect URI).
   */
  authorize(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
};

async function rsaKey(kid: string) {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" } as JWK;
  return { privateKey, jwk };
}

/**
 * A real OpenID provider (the certified `oidc-provider` package) on a random loopback
 * port, with one confidential client. Email claims are released through userinfo (its
 * default), like Authelia. A Koa middleware can re-sign the ID token it issues with
 * another key or an expiry in the past.
 */
export async function startFakeOidcProvider(redirectUri: string): Promise<FakeOidcProvider> {
  const kid = "fake-key";
  const [real, impostor] = await Promise.all([rsaKey(kid), rsaKey(kid)]);
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_q, s) => s.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, FakeAccount>();
  const clientId = "fitness";
  const clientSecret = "fitness client secret";
  let mode: TokenMode = "normal";

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [real.jwk] },
    cookies: { keys: ["fake provider cookie key"] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== "/token" || mode === "normal" || !body?.id_token) return;
    const claims = decodeJwt(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    const spoiled = mode === "expired" ? { ...claims, iat: now - 7200, exp: now - 3600 } : claims;
    const key = mode === "bad-signature" ? impostor.privateKey : real.privateKey;
    const idToken = await new SignJWT(spoiled).setProtectedHeader({ alg: "RS256", kid }).sign(key);
    ctx.body = { ...body, id_token: idToken };
  });
  handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    setTokenMode: (next) => void (mode = next),
    authorize: (url, accountId) => followLogin(issuer, url, accountId),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function followLogin(issuer: string, start: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  let url = new URL(start);
  for (let hop = 0; hop < 12; hop++) {
    if (!url.href.startsWith(issuer)) return url;
    let response = await fetch(url, { redirect: "manual", headers: { cookie: cookie() } });
    remember(jar, response);
    if (response.status === 200 && url.pathname.startsWith("/interaction/")) {
      // The provider's development login and consent pages: submit them as a person would.
      const html = await response.text();
      const prompt = html.includes('name="login"') ? "login" : "consent";
      const form = new URLSearchParams({ prompt, login: accountId, password: "any" });
      response = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
      remember(jar, response);
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`provider stopped at ${url} (${response.status})`);
    url = new URL(location, url);
  }
  throw new Error("too many redirects at the provider");
}

function remember(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    jar.set(name!.trim(), value.join("="));
  }
}
