import { forgetCredentials } from "../auth/credential-cache.ts";
import type { Database } from "../db.ts";
import type { UserRole, UserSummary } from "./accounts.ts";

// Admin functions run on the owner connection: an administrator manages other people's
// accounts, which RLS (rightly) hides from the application role. They touch only the
// account columns, never health data.

/** Admin: changes a user's role. Null when there is no such user. */
export async function setUserRole(
  db: Database,
  userId: string,
  role: UserRole,
): Promise<UserSummary | null> {
  const [user] = await db.owner<UserSummary[]>`
    update users set role = ${role}, updated_at = now() where id = ${userId}
    returning id, email, name, role, disabled, created_at`;
  forgetCredentials();
  return user ?? null;
}

/**
 * Admin: disables or re-enables a user. The session and API-key resolvers refuse disabled
 * accounts at once; sessions are also deleted so re-enabling does not revive them.
 */
export async function setUserDisabled(
  db: Database,
  userId: string,
  disabled: boolean,
): Promise<UserSummary | null> {
  const user = await (db.owner.begin(async (tx) => {
    const [user] = await tx<UserSummary[]>`
      update users set disabled = ${disabled}, updated_at = now() where id = ${userId}
      returning id, email, name, role, disabled, created_at`;
    if (user && disabled) await tx`delete from sessions where user_id = ${userId}`;
    return user ?? null;
  }) as Promise<UserSummary | null>);
  forgetCredentials();
  return user;
}
