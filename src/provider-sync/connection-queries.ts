import type { SyncProviderId } from "../config.ts";
import type { Tx } from "../db.ts";
import type { SyncCursor } from "./provider-types.ts";

export type SyncFrequency = "hourly" | "every_6_hours" | "daily" | "manual";

export type ConnectionRow = {
  id: string;
  user_id: string;
  provider: SyncProviderId;
  status: "disconnected" | "pending" | "connected" | "error";
  client_id: string | null;
  client_secret_sealed: Uint8Array | null;
  api_key_sealed: Uint8Array | null;
  access_token_sealed: Uint8Array | null;
  refresh_token_sealed: Uint8Array | null;
  token_expires_at: Date | null;
  external_user_id: string | null;
  oauth_state_hash: Uint8Array | null;
  oauth_state_expires_at: Date | null;
  redirect_uri: string | null;
  is_private: boolean;
  sync_frequency: SyncFrequency;
  sync_cursor: SyncCursor;
  last_sync_at: Date | null;
  last_error: string | null;
  /** Records the service announced deleted, not yet checked (see deletions.ts). */
  pending_deletions: string[];
};

const columns = (tx: Tx) => tx`
  id, user_id, provider, status, client_id, client_secret_sealed, api_key_sealed,
  access_token_sealed, refresh_token_sealed, token_expires_at, external_user_id,
  oauth_state_hash, oauth_state_expires_at, redirect_uri, is_private, sync_frequency,
  sync_cursor, last_sync_at, last_error, pending_deletions`;

export async function findConnection(tx: Tx, userId: string, provider: SyncProviderId) {
  const [row] = await tx<ConnectionRow[]>`
    select ${columns(tx)} from provider_connections
     where user_id = ${userId} and provider = ${provider}`;
  return row ?? null;
}

export async function findConnectionById(tx: Tx, id: string) {
  const [row] = await tx<ConnectionRow[]>`
    select ${columns(tx)} from provider_connections where id = ${id}`;
  return row ?? null;
}

/** The caller's connections (a delegate's RLS view leaves out the private ones). */
export function listConnections(tx: Tx, userId: string) {
  return tx<ConnectionRow[]>`
    select ${columns(tx)} from provider_connections where user_id = ${userId} order by provider`;
}

export type ConnectionChanges = Partial<{
  status: ConnectionRow["status"];
  client_id: string | null;
  client_secret_sealed: Buffer | null;
  api_key_sealed: Buffer | null;
  access_token_sealed: Buffer | null;
  refresh_token_sealed: Buffer | null;
  token_expires_at: Date | null;
  scope: string | null;
  external_user_id: string | null;
  oauth_state_hash: Buffer | null;
  oauth_state_expires_at: Date | null;
  redirect_uri: string | null;
  is_private: boolean;
  sync_frequency: SyncFrequency;
  sync_cursor: SyncCursor;
  last_sync_at: Date | null;
  last_error: string | null;
}>;

/** Creates the user's connection to the service with these values, or changes the existing one. */
export async function upsertConnection(
  tx: Tx,
  userId: string,
  provider: SyncProviderId,
  changes: ConnectionChanges,
): Promise<ConnectionRow> {
  const values = jsonCursor(tx, changes);
  const inserted = tx({ user_id: userId, provider, ...values });
  // postgres.js reads "set" before the helper to write name = value pairs, so no fragment.
  const [row] = Object.keys(values).length
    ? await tx<ConnectionRow[]>`
        insert into provider_connections ${inserted}
        on conflict (user_id, provider) do update set ${tx(values)}, updated_at = now()
        returning ${columns(tx)}`
    : await tx<ConnectionRow[]>`
        insert into provider_connections ${inserted}
        on conflict (user_id, provider) do update set updated_at = now()
        returning ${columns(tx)}`;
  return row!;
}

export async function updateConnection(tx: Tx, id: string, changes: ConnectionChanges) {
  await tx`
    update provider_connections set ${tx(jsonCursor(tx, changes))}, updated_at = now()
     where id = ${id}`;
}

// Fields left undefined are not changed; the cursor is stored as JSON.
function jsonCursor(tx: Tx, changes: ConnectionChanges): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(changes))
    if (value !== undefined) values[name] = name === "sync_cursor" ? tx.json(value) : value;
  return values;
}
