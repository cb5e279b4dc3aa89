import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import { updateConnection, type ConnectionRow } from "./connection-queries.ts";
import { clientCredentials } from "./credentials.ts";
import { createProviderHttp, type ProviderHttp } from "./provider-http.ts";
import type { ClientCredentials, ProviderClient, TokenSet } from "./provider-types.ts";
import { ProviderAuthError } from "./provider-errors.ts";
import { providerClient } from "./providers/index.ts";
import { openCredential, sealCredential } from "./token-seal.ts";

// Refreshed ahead of expiry so a long sync does not run into it halfway.
const REFRESH_MARGIN_MS = 5 * 60_000;

/** A connection ready to call its service: the client, its HTTP and a token refresher. */
export type ConnectionSession = {
  client: ProviderClient;
  http: ProviderHttp;
  credentials: ClientCredentials | null;
  /** Gets new tokens with the refresh token and stores them; throws ProviderAuthError if it cannot. */
  refresh(): Promise<void>;
  refreshIfExpiring(): Promise<void>;
};

export function openSession(
  deps: { config: Config; db: Database },
  connection: ConnectionRow,
): ConnectionSession {
  const client = providerClient(connection.provider);
  if (!client) throw new ProviderAuthError(`${connection.provider} is not supported yet.`);
  const { config, db } = deps;
  const token =
    client.auth === "api_key"
      ? openCredential(config, connection.api_key_sealed)
      : openCredential(config, connection.access_token_sealed);
  const http = createProviderHttp(config, connection.provider, token, client.rateLimitWait);
  const credentials = clientCredentials(config, connection.provider, connection);
  let expiresAt = connection.token_expires_at;
  let refreshToken = openCredential(config, connection.refresh_token_sealed);

  const session: ConnectionSession = {
    client,
    http,
    credentials,
    async refresh() {
      if (!client.refresh || !credentials || !refreshToken)
        throw new ProviderAuthError(`${client.displayName} refused the access token.`);
      const tokens = await client.refresh(http, credentials, refreshToken);
      await db.withUser(connection.user_id, (tx) =>
        updateConnection(tx, connection.id, storedTokens(config, tokens, refreshToken)),
      );
      http.accessToken = tokens.accessToken;
      refreshToken = tokens.refreshToken ?? refreshToken;
      expiresAt = tokens.expiresAt;
    },
    async refreshIfExpiring() {
      if (expiresAt && expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS)
        await session.refresh();
    },
  };
  return session;
}

/** The sealed columns for new tokens; a service that keeps the refresh token sends none. */
export function storedTokens(
  config: Config,
  tokens: TokenSet,
  previousRefresh: string | null = null,
) {
  return {
    access_token_sealed: sealCredential(config, tokens.accessToken),
    refresh_token_sealed: sealCredential(config, tokens.refreshToken ?? previousRefresh),
    token_expires_at: tokens.expiresAt,
    scope: tokens.scope,
  };
}
