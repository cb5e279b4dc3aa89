import type { ProviderHttp } from "./provider-http.ts";
import type { ClientCredentials, TokenSet } from "./provider-types.ts";
import { ProviderError } from "./provider-errors.ts";

/** How a token endpoint wants the client authenticated (RFC 6749 section 2.3.1). */
export type ClientAuthStyle = "client_secret_post" | "client_secret_basic";

/** The authorize page URL with the standard code-flow parameters plus the service's own. */
export function buildAuthorizeUrl(
  http: ProviderHttp,
  serviceUrl: string,
  client: ClientCredentials,
  redirectUri: string,
  state: string,
  extra: Record<string, string>,
): string {
  return http.url(serviceUrl, {
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state,
    ...extra,
  });
}

/** Posts an authorization_code or refresh_token grant and reads the standard answer. */
export async function requestTokens(
  http: ProviderHttp,
  tokenUrl: string,
  client: ClientCredentials,
  grant: Record<string, string>,
  style: ClientAuthStyle,
): Promise<TokenSet> {
  const form =
    style === "client_secret_post"
      ? { ...grant, client_id: client.clientId, client_secret: client.clientSecret }
      : grant;
  const basic =
    style === "client_secret_basic"
      ? { user: client.clientId, password: client.clientSecret }
      : undefined;
  // A refused code or refresh token is 400 invalid_grant: the user must connect again.
  const answer = await http.send("POST", tokenUrl, { form, basic, bearer: false, allow: [400] });
  if (answer.status === 400) throw new ProviderError(`${http.provider} refused the grant.`);
  return readTokenResponse(answer.body);
}

/** access_token, refresh_token, expires_in or expires_at, scope, and the account id if given. */
export function readTokenResponse(body: unknown): TokenSet {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.access_token !== "string" || b.access_token === "")
    throw new ProviderError("The token answer has no access_token.");
  const expiresAt =
    typeof b.expires_at === "number"
      ? new Date(b.expires_at * 1000)
      : typeof b.expires_in === "number"
        ? new Date(Date.now() + b.expires_in * 1000)
        : null;
  const athlete = b.athlete as { id?: unknown } | undefined;
  const account = athlete?.id ?? b.user_id ?? b.userid ?? b.x_user_id ?? null;
  return {
    accessToken: b.access_token,
    refreshToken: typeof b.refresh_token === "string" ? b.refresh_token : null,
    expiresAt,
    scope: typeof b.scope === "string" ? b.scope : null,
    externalUserId: account === null ? null : String(account),
  };
}
