import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config, SyncProviderId } from "../config.ts";
import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { findConnection, upsertConnection } from "./connection-queries.ts";
import { storedTokens } from "./connection-session.ts";
import { providerName } from "./connection-view.ts";
import { clientCredentials } from "./credentials.ts";
import { deleteJob, requestSync } from "./job-queries.ts";
import { pkcePair } from "./pkce.ts";
import { createProviderHttp } from "./provider-http.ts";
import type { ProviderClient } from "./provider-types.ts";
import { ProviderError } from "./provider-errors.ts";
import { providerClient } from "./providers/index.ts";
import { openCredential, sealCredential } from "./token-seal.ts";

export type ConnectDeps = { config: Config; logger: Logger };
const STATE_TTL_MS = 15 * 60_000;

function requireClient(provider: SyncProviderId, auth: ProviderClient["auth"]): ProviderClient {
  const client = providerClient(provider);
  const name = providerName(provider);
  if (!client) throw new HttpError(400, `${name} sync is not available on this server yet.`);
  if (client.auth !== auth)
    throw new HttpError(
      400,
      auth === "oauth2"
        ? `${name} connects with an API key, not OAuth.`
        : `${name} connects with OAuth: use authorize.`,
    );
  return client;
}

const hashState = (state: string) => createHash("sha256").update(state).digest();

/** Step 1: a fresh state stored (hashed) on the connection, and the service's authorize URL. */
export async function startAuthorization(
  tx: Tx,
  deps: ConnectDeps,
  userId: string,
  provider: SyncProviderId,
  redirectUri: string,
) {
  const client = requireClient(provider, "oauth2");
  const existing = await findConnection(tx, userId, provider);
  const credentials = clientCredentials(deps.config, provider, existing);
  if (!credentials)
    throw new HttpError(
      400,
      `${providerName(provider)} is not configured: set a client id and secret.`,
    );
  const state = randomBytes(24).toString("base64url");
  await upsertConnection(tx, userId, provider, {
    status: existing?.status === "connected" ? "connected" : "pending",
    oauth_state_hash: hashState(state),
    oauth_state_expires_at: new Date(Date.now() + STATE_TTL_MS),
    redirect_uri: redirectUri,
  });
  const http = createProviderHttp(deps.config, provider);
  const challenge = client.pkce ? pkcePair(deps.config, state).challenge : undefined;
  return {
    authUrl: client.authorizeUrl!(http, credentials, redirectUri, state, challenge),
    state,
  };
}

/** Runs one step in its own transaction as the caller. */
export type InTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Step 2: checks and spends the state, exchanges the code for tokens (outside any
 * transaction: the service may take seconds), stores them sealed, queues a first sync.
 */
export async function completeAuthorization(
  inTransaction: InTransaction,
  deps: ConnectDeps,
  userId: string,
  provider: SyncProviderId,
  code: string,
  state: string,
) {
  const client = requireClient(provider, "oauth2");
  const connection = await inTransaction(async (tx) => {
    const found = await findConnection(tx, userId, provider);
    const expected = found?.oauth_state_hash;
    const valid =
      found?.redirect_uri &&
      expected &&
      found.oauth_state_expires_at &&
      found.oauth_state_expires_at > new Date() &&
      timingSafeEqual(Buffer.from(expected), hashState(state));
    if (!valid)
      throw new HttpError(
        400,
        "Invalid or expired authorization state. Start the connection again.",
      );
    // A state is good for one callback only.
    await upsertConnection(tx, userId, provider, {
      oauth_state_hash: null,
      oauth_state_expires_at: null,
    });
    return found;
  });
  const credentials = clientCredentials(deps.config, provider, connection)!;
  const http = createProviderHttp(deps.config, provider);
  const tokens = await callService(provider, deps.logger, async () => {
    const verifier = client.pkce ? pkcePair(deps.config, state).verifier : undefined;
    const set = await client.exchangeCode!(
      http,
      credentials,
      code,
      connection.redirect_uri!,
      verifier,
    );
    http.accessToken = set.accessToken;
    const account = await client.afterConnect?.(http, set);
    return account ? { ...set, externalUserId: account } : set;
  });
  await inTransaction(async (tx) => {
    const saved = await upsertConnection(tx, userId, provider, {
      ...storedTokens(deps.config, tokens),
      status: "connected",
      external_user_id: tokens.externalUserId,
      last_error: null,
    });
    await requestSync(tx, saved.id);
  });
}

/** For services with personal API keys (Hevy): stored sealed, first sync queued. */
export async function connectWithApiKey(
  tx: Tx,
  deps: ConnectDeps,
  userId: string,
  provider: SyncProviderId,
  apiKey: string,
) {
  requireClient(provider, "api_key");
  const saved = await upsertConnection(tx, userId, provider, {
    api_key_sealed: sealCredential(deps.config, apiKey),
    status: "connected",
    last_error: null,
  });
  await requestSync(tx, saved.id);
}

/** Revokes the grant where the service allows it, forgets the tokens, stops syncing. Synced data stays. */
export async function disconnect(
  tx: Tx,
  deps: ConnectDeps,
  userId: string,
  provider: SyncProviderId,
) {
  const connection = await findConnection(tx, userId, provider);
  if (!connection) return;
  const client = providerClient(provider);
  const token = openCredential(deps.config, connection.access_token_sealed);
  if (client?.revoke && token) {
    const http = createProviderHttp(deps.config, provider, token);
    const credentials = clientCredentials(deps.config, provider, connection);
    // Best effort: the local tokens are forgotten whatever the service answers.
    await client
      .revoke(http, credentials, token, connection.external_user_id)
      .catch((error: Error) =>
        deps.logger.info("provider revoke failed", { provider, error: error.message }),
      );
  }
  await upsertConnection(tx, userId, provider, {
    status: "disconnected",
    access_token_sealed: null,
    refresh_token_sealed: null,
    api_key_sealed: null,
    token_expires_at: null,
    oauth_state_hash: null,
    last_error: null,
  });
  await deleteJob(tx, connection.id);
}

/** A failure of the service during connect is the service's answer, not ours: 502. */
async function callService<T>(provider: SyncProviderId, logger: Logger, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (error) {
    logger.warn("provider connect failed", { provider, error: (error as Error).message });
    if (error instanceof ProviderError)
      throw new HttpError(502, `${providerName(provider)} refused the authorization.`);
    throw new HttpError(502, `${providerName(provider)} could not complete the authorization.`);
  }
}
