import type { Database } from "../../db.ts";
import { legacyHashFromSource } from "../../lib/legacy-password.ts";
import { findUserByEmail } from "../../users/accounts.ts";
import type { UserImport } from "../run/context.ts";
import type { Source } from "../source/source.ts";

export type SourceAccount = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: boolean;
  password: string | null;
};

/** The other server's accounts (better-auth tables), optionally only one email. */
export function readSourceAccounts(src: Source, only: string | null) {
  return src<SourceAccount[]>`
    select u.id, u.email, coalesce(u.name, '') as name, u.role,
           coalesce(u.banned, false) as banned, a.password
      from public."user" u
      left join public.account a on a.user_id = u.id and a.provider_id = 'credential'
     where ${only}::text is null or lower(u.email) = lower(${only}::text)
     order by u.created_at, u.id`;
}

/**
 * Why an account cannot be imported, or null when it can: an email already used here by
 * another account is never merged into it.
 */
export async function accountConflict(db: Database, account: SourceAccount) {
  const existing = await findUserByEmail(db, account.email);
  if (existing && existing.id !== account.id)
    return "an account with the same email already exists on this server";
  return null;
}

/**
 * Creates the account with the other server's id (so a re-run finds it), with an empty
 * profile and settings (filled by profile-settings.ts); the old password hash is kept until the first sign-in re-hashes it.
 * Returns whether the account was new.
 */
export async function importAccount(u: UserImport, account: SourceAccount): Promise<boolean> {
  const [existing] = await u.tx`select 1 from users where id = ${account.id}`;
  if (existing) return false;
  const hash = legacyHashFromSource(account.password);
  await u.tx`
    insert into users (id, email, name, password_hash, role, disabled)
    values (${account.id}, ${account.email.trim()}, ${account.name}, ${hash},
            ${account.role === "admin" ? "admin" : "user"}, ${account.banned})`;
  await u.tx`insert into user_profiles (user_id) values (${account.id})`;
  await u.tx`insert into user_preferences (user_id) values (${account.id})`;
  if (!hash)
    u.summary.needsAction(
      `${account.email}: no password came over (${account.password ? "its hash there is neither bcrypt nor better-auth scrypt" : "it had none there: single sign-on or passkey only"}); set one with fitness user reset-password`,
    );
  return true;
}

/** Reads the profile zone of an account that already existed here. */
export async function profileZone(u: Pick<UserImport, "tx" | "userId">): Promise<string> {
  const [row] = await u.tx<{ timezone: string }[]>`
    select timezone from user_profiles where user_id = ${u.userId}`;
  return row?.timezone ?? "UTC";
}
