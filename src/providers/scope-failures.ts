import { createHash } from "node:crypto";
import type { Database } from "../db.ts";

/** How long a failed premier-scope attempt keeps a credential on the basic scope. */
export const SCOPE_FAILURE_TTL = "1 hour";

export type ScopeFailureCache = {
  /** Whether premier failed for this credential within the last hour. */
  failedRecently(credential: string): Promise<boolean>;
  remember(credential: string): Promise<void>;
};

const hashOf = (credential: string) => createHash("sha256").update(credential).digest();

/**
 * The failure cache lives in PostgreSQL, so several servers sharing a database agree and a
 * restart does not retry premier early. Keyed by a hash: no client id is stored.
 */
export function createScopeFailureCache(db: Database): ScopeFailureCache {
  return {
    async failedRecently(credential) {
      const [row] = await db.withAnonymous(
        (tx) => tx`
          select 1 from provider_scope_failures
           where credential_hash = ${hashOf(credential)}
             and failed_at > now() - ${SCOPE_FAILURE_TTL}::interval`,
      );
      return row !== undefined;
    },
    async remember(credential) {
      await db.withAnonymous(
        (tx) => tx`
          insert into provider_scope_failures (credential_hash) values (${hashOf(credential)})
          on conflict (credential_hash) do update set failed_at = now()`,
      );
    },
  };
}
