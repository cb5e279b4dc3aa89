import type { Database } from "../db.ts";

/**
 * Admin/CLI: turns off a user's TOTP and email codes and drops their backup codes and
 * half-done sign-ins, so they sign in with the password alone and can set 2FA up again.
 * The way back in after BETTER_AUTH_SECRET changed (their TOTP secret is unreadable then).
 * Passkeys stay: they are a sign-in method of their own. False when no such account.
 */
export async function resetTwoFactor(
  db: Database,
  who: { id: string } | { email: string },
): Promise<boolean> {
  return db.owner.begin(async (tx) => {
    const [user] =
      "id" in who
        ? await tx<{ id: string }[]>`select id from users where id = ${who.id}`
        : await tx<{ id: string }[]>`select id from users where lower(email) = lower(${who.email})`;
    if (!user) return false;
    await tx`delete from user_second_factors where user_id = ${user.id}`;
    await tx`delete from user_backup_codes where user_id = ${user.id}`;
    await tx`delete from pending_sign_ins where user_id = ${user.id}`;
    await tx`delete from email_codes where user_id = ${user.id} and purpose = 'two-factor'`;
    return true;
  }) as Promise<boolean>;
}
