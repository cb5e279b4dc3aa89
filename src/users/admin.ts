import { forgetCredentials } from "../credentials/credential-cache.ts";
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
 * Makes a new server's first account its administrator: the account becomes admin when it is
 * the oldest account and no administrator exists yet. The advisory lock serialises concurrent
 * first sign-ups, so exactly one of them is promoted. Returns the account's role.
 */
export async function promoteFirstAccount(db: Database, userId: string): Promise<UserRole> {
  const role = await (db.owner.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('fitness:first-account'))`;
    const [promoted] = await tx<{ role: UserRole }[]>`
      update users set role = 'admin', updated_at = now()
       where id = ${userId}
         and not exists (select 1 from users where role = 'admin')
         and id = (select id from users order by created_at, id limit 1)
      returning role`;
    return promoted?.role ?? "user";
  }) as Promise<UserRole>);
  if (role === "admin") forgetCredentials();
  return role;
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
