import type { Database } from "../db.ts";
import type { StopListening } from "../database/notices.ts";

/**
 * Verified sessions and API keys, kept in this process for CREDENTIAL_CACHE_MS under the
 * credential's hash (never the token itself), so a busy client costs no database lookup
 * on most requests. Only credentials that let the request in are kept.
 *
 * Revocation: in this process, signing out, revoking a session or API key, a password
 * change or reset, disabling an account and a role change forget every entry once they
 * commit. Every other process hears the same commit at once: triggers on sessions,
 * api_keys and users NOTIFY CREDENTIALS_CHANNEL (sql/00026), whoever made the change (a
 * server, the CLI), and listenForCredentialChanges forgets on each notice. The expiry
 * remains the bound while a process cannot listen (its listening connection is being
 * opened again; a process reaching another one's embedded engine).
 */
export const CREDENTIAL_CACHE_MS = 5_000;
export const CREDENTIALS_CHANNEL = "fitness_credentials_changed";
const MAX_ENTRIES = 10_000;

type Entry = { value: unknown; until: number };
const entries = new Map<string, Entry>();
// Bumped by forgetCredentials: a lookup that began before a revocation is not kept.
let generation = 0;

/** The cached credential under `key`, or what `load` finds (kept when `admit` says so). */
export async function cachedCredential<T>(
  key: string,
  load: () => Promise<T | null>,
  admit: (value: T) => boolean,
): Promise<T | null> {
  const now = performance.now();
  const hit = entries.get(key);
  if (hit && hit.until > now) return hit.value as T;
  const started = generation;
  const value = await load();
  if (value !== null && admit(value) && started === generation) {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(key, { value, until: now + CREDENTIAL_CACHE_MS });
  } else {
    entries.delete(key);
  }
  return value;
}

/** Forgets every cached credential; call after a revocation has committed. */
export function forgetCredentials(): void {
  generation++;
  entries.clear();
}

/** Forgets every cached credential whenever any process commits a revocation. */
export function listenForCredentialChanges(db: Database): Promise<StopListening> {
  return db.listen(CREDENTIALS_CHANNEL, forgetCredentials);
}
