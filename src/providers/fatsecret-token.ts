import { HttpError } from "../errors.ts";
import { throwForStatus, type ProviderHttp } from "./provider-fetch.ts";
import type { ScopeFailureCache } from "./scope-failures.ts";

export const FATSECRET_TOKEN_URL = "https://oauth.fatsecret.com/connect/token";

export type FatSecretToken = { accessToken: string; premier: boolean };

type Cached = FatSecretToken & { expiresAt: number };
// Tokens live about a day; keeping them in memory only saves a request, so losing them on
// a restart (or not sharing them between servers) costs nothing but that request.
const tokens = new Map<string, Cached>();

/**
 * An OAuth2 client-credentials token. The premier scope is asked for first, unless it failed
 * for this credential within the hour (cached in PostgreSQL); a refusal of premier falls
 * back to basic and is remembered. Limits rule 9: images need premier.
 */
export async function fatSecretToken(
  http: ProviderHttp,
  cache: ScopeFailureCache,
  credentials: { clientId: string; clientSecret: string; tokenUrl: string },
): Promise<FatSecretToken> {
  const credential = `fatsecret:${credentials.tokenUrl}:${credentials.clientId}`;
  const cached = tokens.get(credential);
  if (cached && cached.expiresAt > Date.now()) return cached;
  let token: Cached | null = null;
  if (!(await cache.failedRecently(credential))) {
    token = await requestToken(http, credentials, "premier");
    if (!token) await cache.remember(credential);
  }
  token ??= await requestToken(http, credentials, "basic");
  if (!token) throw new HttpError(502, "FatSecret rejected the configured credentials.");
  tokens.set(credential, token);
  return token;
}

/** Forgets a token FatSecret no longer accepts. */
export function dropFatSecretToken(clientId: string, tokenUrl: string): void {
  tokens.delete(`fatsecret:${tokenUrl}:${clientId}`);
}

async function requestToken(
  http: ProviderHttp,
  credentials: { clientId: string; clientSecret: string; tokenUrl: string },
  scope: "premier" | "basic",
): Promise<Cached | null> {
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
    "base64",
  );
  const response = await http.send(credentials.tokenUrl, {
    method: "POST",
    headers: {
      Authorization: `Basic ${basic}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "client_credentials", scope }).toString(),
  });
  // OAuth answers a scope the client may not have with 400 invalid_scope; for premier that
  // means "fall back", for basic it means the credentials are wrong.
  if (response.status === 400 || response.status === 401) return null;
  throwForStatus("FatSecret", response);
  const body = (await response.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) return null;
  return {
    accessToken: body.access_token,
    premier: scope === "premier",
    expiresAt: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000,
  };
}
