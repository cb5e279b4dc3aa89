import type { Database, Tx } from "../db.ts";
import { cachedCredential, CREDENTIAL_CACHE_MS, forgetCredentials } from "./credential-cache.ts";
import { randomToken, sha256 } from "./tokens.ts";

export const SESSION_DAYS = 30;

export type ResolvedSession = {
  sessionId: string;
  userId: string;
  role: "user" | "admin";
  expiresAt: Date;
};

/** Creates a session for the user and returns its token; only the token's hash is stored. */
export async function createSession(
  db: Database,
  userId: string,
  meta: { ipAddress?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = randomToken();
  const [row] = await db.withUser(
    userId,
    (tx) => tx<{ id: string; expires_at: Date }[]>`
      insert into sessions (user_id, token_hash, expires_at, ip_address, user_agent)
      values (${userId}, ${sha256(token)}, now() + make_interval(days => ${SESSION_DAYS}),
              ${meta.ipAddress ?? null}, ${meta.userAgent ?? null})
      returning id, expires_at`,
  );
  return { token, sessionId: row!.id, expiresAt: row!.expires_at };
}

/**
 * The active session for a token (its expiry slides forward on use), or null. Kept for a
 * few seconds (credential-cache.ts) unless it expires sooner.
 */
export function resolveSession(db: Database, token: string): Promise<ResolvedSession | null> {
  const hash = sha256(token);
  return cachedCredential(
    `session:${hash.toString("hex")}`,
    () => lookUpSession(db, hash),
    (session) => session.expiresAt.getTime() > Date.now() + CREDENTIAL_CACHE_MS,
  );
}

async function lookUpSession(db: Database, hash: Buffer): Promise<ResolvedSession | null> {
  const [row] = await db.statementAsAnonymous(
    (sql) =>
      sql<{ session_id: string; user_id: string; role: "user" | "admin"; expires_at: Date }[]>`
      select session_id, user_id, role, expires_at from auth_resolve_session(${hash})`,
  );
  if (!row) return null;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    role: row.role,
    expiresAt: row.expires_at,
  };
}

/** Revokes one session of the user; false when the user has no such session. */
export async function revokeSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const rows = await db.withUser(
    userId,
    (tx) => tx`delete from sessions where id = ${sessionId} and user_id = ${userId} returning id`,
  );
  forgetCredentials();
  return rows.length > 0;
}

export type SessionSummary = {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
};

/** The user's active sessions, most recently used first (never their token hashes). */
export async function listSessions(db: Database, userId: string): Promise<SessionSummary[]> {
  return db.withUser(
    userId,
    (tx) => tx<SessionSummary[]>`
      select id, created_at as "createdAt", expires_at as "expiresAt",
             last_used_at as "lastUsedAt", ip_address as "ipAddress", user_agent as "userAgent"
        from sessions
       where user_id = ${userId} and expires_at > now()
       order by last_used_at desc, created_at desc`,
  );
}

/**
 * Revokes every session of the user except the one given, inside the caller's transaction
 * (a password change commits both or neither). The caller calls forgetCredentials() after
 * the commit.
 */
export async function revokeOtherSessions(
  tx: Tx,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  await tx`delete from sessions where user_id = ${userId} and id is distinct from ${keepSessionId}`;
}
