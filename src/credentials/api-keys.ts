import { cachedCredential, forgetCredentials } from "./credential-cache.ts";
import type { Database } from "../db.ts";
import {
  apiKeyLookupHash,
  carriedKeyHash,
  displayPrefix,
  encryptApiKey,
  generateApiKey,
} from "./api-key-crypto.ts";

/**
 * What a key may reach (README, "API keys"): `health_data_write` the phone sync,
 * `mcp` the MCP endpoint, `data_read` and `data_write` the REST data routes (reads, and
 * changes) on the owner's behalf, as a client such as the phone app does with a pasted key.
 * Routes declare theirs (http/auth.ts); account management and the admin surface none.
 */
export const API_KEY_PERMISSIONS = ["health_data_write", "mcp", "data_read", "data_write"] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

export type ApiKeyRow = {
  id: string;
  name: string;
  key_prefix: string;
  permissions: string[];
  expires_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
};

export type ResolvedApiKey = {
  keyId: string;
  userId: string;
  permissions: string[];
  active: boolean;
};

/** Creates a key for the user. The plaintext is returned once and stored only encrypted. */
export async function createApiKey(
  db: Database,
  encryptionKey: string,
  userId: string,
  input: { name: string; permissions: readonly string[]; expiresAt: Date | null },
): Promise<{ key: string; row: ApiKeyRow }> {
  const key = generateApiKey();
  const [row] = await db.withUser(
    userId,
    (tx) => tx<ApiKeyRow[]>`
      insert into api_keys (user_id, name, key_prefix, lookup_hash, key_ciphertext, permissions, expires_at)
      values (${userId}, ${input.name}, ${displayPrefix(key)}, ${apiKeyLookupHash(encryptionKey, key)},
              ${encryptApiKey(encryptionKey, key)}, ${tx.array([...input.permissions])}, ${input.expiresAt})
      returning id, name, key_prefix, permissions, expires_at, last_used_at, created_at`,
  );
  return { key, row: row! };
}

/**
 * Finds a presented key by its keyed hash (or, for a key carried over from SparkyFitness,
 * by its SHA-256), or null when no such key exists. An active key is kept for a few seconds
 * (credential-cache.ts).
 */
export function resolveApiKey(
  db: Database,
  encryptionKey: string,
  apiKey: string,
): Promise<ResolvedApiKey | null> {
  const hash = apiKeyLookupHash(encryptionKey, apiKey);
  return cachedCredential(
    `api-key:${hash.toString("hex")}`,
    () => lookUpApiKey(db, hash, carriedKeyHash(apiKey)),
    (key) => key.active,
  );
}

async function lookUpApiKey(
  db: Database,
  hash: Buffer,
  sha256: Buffer,
): Promise<ResolvedApiKey | null> {
  const [row] = await db.statementAsAnonymous(
    (sql) => sql<{ key_id: string; user_id: string; permissions: string[]; active: boolean }[]>`
      select key_id, user_id, permissions, active from auth_resolve_api_key(${hash}, ${sha256})`,
  );
  if (!row) return null;
  return {
    keyId: row.key_id,
    userId: row.user_id,
    permissions: row.permissions,
    active: row.active,
  };
}

/** The user's keys, newest first, without any secret beyond the display prefix. */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKeyRow[]> {
  return db.withUser(
    userId,
    (tx) => tx<ApiKeyRow[]>`
      select id, name, key_prefix, permissions, expires_at, last_used_at, created_at
        from api_keys where user_id = ${userId} order by created_at desc, id`,
  );
}

/** Deletes one of the user's keys; false when the user has no key with that id. */
export async function revokeApiKey(db: Database, userId: string, keyId: string): Promise<boolean> {
  const deleted = await db.withUser(
    userId,
    (tx) => tx`delete from api_keys where id = ${keyId} and user_id = ${userId}`,
  );
  forgetCredentials();
  return deleted.count > 0;
}
