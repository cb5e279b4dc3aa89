import type { Database } from "../db.ts";

export type ChallengePurpose =
  "passkey-registration" | "passkey-authentication" | "passkey-ticket" | "oidc";

/**
 * Stores the one-time state of a flow that starts before a session exists (or outside
 * it) and returns its id, which the client sends back to finish the flow.
 */
export async function putChallenge(
  db: Database,
  purpose: ChallengePurpose,
  userId: string | null,
  data: Record<string, unknown>,
  ttlSeconds: number,
): Promise<string> {
  const [row] = await db.withAnonymous(
    (tx) => tx<{ id: string }[]>`
      select auth_challenge_put(${purpose}, ${userId}, ${tx.json(data as never)}, ${ttlSeconds}) as id`,
  );
  return row!.id;
}

/**
 * Takes the challenge: it is deleted whatever happens next, so it works once. Null when
 * it does not exist, has another purpose or has expired.
 */
export async function takeChallenge<T>(
  db: Database,
  id: string,
  purpose: ChallengePurpose,
): Promise<{ userId: string | null; data: T } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.withAnonymous(
    (tx) => tx<{ user_id: string | null; data: T | null }[]>`
      select user_id, data from auth_challenge_take(${id}, ${purpose})`,
  );
  return row?.data ? { userId: row.user_id, data: row.data } : null;
}
