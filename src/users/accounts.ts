import { forgetCredentials } from "../credentials/credential-cache.ts";
import { revokeOtherSessions } from "../credentials/sessions.ts";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import { passwordMatches } from "../lib/legacy-password.ts";
import { addDefaultProviders } from "../providers/default-providers.ts";

export type UserRole = "user" | "admin";
export type UserSummary = {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  disabled: boolean;
  created_at: Date;
};

export type AccountIdentity = Pick<UserSummary, "id" | "email" | "name" | "role">;

export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new HttpError(400, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

/**
 * Creates an account with its profile. Runs as the application role with the new id as
 * app.user_id, so the RLS insert check holds without any bypass.
 */
export async function createUserAccount(
  db: Database,
  input: { email: string; password: string; name?: string; role?: UserRole },
): Promise<UserSummary> {
  checkPassword(input.password);
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email))
    throw new HttpError(400, "A valid email address is required.");
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.withUser(id, async (tx) => {
      const [user] = await tx<UserSummary[]>`
        insert into users (id, email, name, password_hash, role)
        values (${id}, ${email}, ${input.name?.trim() ?? ""}, ${passwordHash}, ${input.role ?? "user"})
        returning id, email, name, role, disabled, created_at`;
      await tx`insert into user_profiles (user_id) values (${id})`;
      await tx`insert into user_preferences (user_id) values (${id})`;
      await addDefaultProviders(tx, id);
      return user!;
    });
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw new HttpError(409, "A user with this email already exists.");
    }
    throw error;
  }
}

/** The signed-in user's own account, through RLS. */
export async function getAccount(db: Database, userId: string): Promise<AccountIdentity> {
  const [user] = await db.statementAsUser(
    userId,
    (sql) => sql<AccountIdentity[]>`select id, email, name, role from users where id = ${userId}`,
  );
  if (!user) throw new HttpError(404, "User not found.");
  return user;
}

/** Admin/CLI: every account, oldest first. Uses the owner connection. */
export async function listUsers(db: Database): Promise<UserSummary[]> {
  return db.owner<UserSummary[]>`
    select id, email, name, role, disabled, created_at from users order by created_at, email`;
}

/**
 * Admin/CLI: sets a new password for the account found by email or id and revokes its
 * sessions. Uses the owner connection. False when no such account exists.
 */
export async function resetPassword(
  db: Database,
  who: { email: string } | { id: string },
  password: string,
): Promise<boolean> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  const reset = await (db.owner.begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`
      update users set password_hash = ${passwordHash}, updated_at = now()
       where ${"id" in who ? tx`id = ${who.id}` : tx`lower(email) = lower(${who.email.trim()})`}
       returning id`;
    if (!user) return false;
    await tx`delete from sessions where user_id = ${user.id}`;
    return true;
  }) as Promise<boolean>);
  forgetCredentials();
  return reset;
}

export type SignInCandidate = Omit<UserSummary, "created_at"> & {
  password_hash: string | null;
  is_demo: boolean;
};

/** The account with this email (any case), read through the sign-in lookup function. */
export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<SignInCandidate | null> {
  const [user] = await db.withAnonymous(
    (tx) => tx<SignInCandidate[]>`
      select id, email, name, role, password_hash, disabled, is_demo
        from auth_find_user_by_email(${email.trim()})`,
  );
  return user ?? null;
}

/**
 * Changes the caller's password after checking the current one, and signs out every other
 * session: whoever might know the old password loses access, the device in hand stays in.
 */
export async function changePassword(
  db: Database,
  userId: string,
  keepSessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  checkPassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.withUser(userId, async (tx) => {
    const [user] = await tx<{ password_hash: string | null }[]>`
      select password_hash from users where id = ${userId} for update`;
    const matches =
      !!user?.password_hash && (await passwordMatches(input.currentPassword, user.password_hash));
    if (!matches) throw new HttpError(400, "Current password is incorrect.");
    await tx`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`;
    await revokeOtherSessions(tx, userId, keepSessionId);
  });
  forgetCredentials();
}
