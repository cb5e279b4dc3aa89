import type { Database } from "../db.ts";

export type AuthSettings = { passwordSignIn: boolean; secondFactorRequired: boolean };

/** The administrator's sign-in settings for the whole server. */
export async function getAuthSettings(db: Database): Promise<AuthSettings> {
  const [row] = await db.withAnonymous(
    (tx) => tx<AuthSettings[]>`
      select password_sign_in as "passwordSignIn", second_factor_required as "secondFactorRequired"
        from auth_settings`,
  );
  return row ?? { passwordSignIn: true, secondFactorRequired: false };
}

/** Admin: changes the sign-in settings (owner connection; the row is admin-only). */
export async function updateAuthSettings(
  db: Database,
  patch: Partial<AuthSettings>,
): Promise<AuthSettings> {
  await db.owner`
    update auth_settings
       set password_sign_in = coalesce(${patch.passwordSignIn ?? null}, password_sign_in),
           second_factor_required =
             coalesce(${patch.secondFactorRequired ?? null}, second_factor_required),
           updated_at = now()`;
  return getAuthSettings(db);
}
