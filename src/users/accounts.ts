import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";

export type UserRole = "user" | "admin";
export type UserSummary = {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  disabled: boolean;
  created_at: Date;
};

export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

function checkPassword(password: string): void {
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
      return user!;
    });
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw new HttpError(409, "A user with this email already exists.");
    }
    throw error;
  }
}

/** Admin/CLI: every account, oldest first. Uses the owner connection. */
export async function listUsers(db: Database): Promise<UserSummary[]> {
  return db.owner<UserSummary[]>`
    select id, email, name, role, disabled, created_at from users order by created_at, email`;
}

/** Admin/CLI: sets a new password and revokes the user's sessions. Uses the owner connection. */
export async function resetPassword(
  db: Database,
  email: string,
  password: string,
): Promise<boolean> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  return db.owner.begin(async (tx) => {
    const [user] = await tx<{ id: string }[]>`
      update users set password_hash = ${passwordHash}, updated_at = now()
       where lower(email) = lower(${email.trim()}) returning id`;
    if (!user) return false;
    await tx`delete from sessions where user_id = ${user.id}`;
    return true;
  }) as Promise<boolean>;
}
