import type { Context } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { findUserByEmail } from "../users/accounts.ts";
import { checkAccountLimit, recordAccountFailure } from "./account-limit.ts";
import { getAuthSettings } from "./instance-settings.ts";
import { listSignInProviders } from "./oidc-providers.ts";
import { startPendingSignIn } from "./pending-sign-in.ts";
import { getSecondFactors } from "./second-factors.ts";
import { startSession, verifyCredentials, type SignedInUser } from "./sign-in.ts";

export const PASSWORD_SIGN_IN_OFF = "Password sign-in is disabled. Use single sign-on.";

/**
 * Password sign-in: a session, or `{twoFactorRedirect: true}` with the pending-sign-in
 * cookie when the account has a second factor (or the administrator requires one and
 * email codes can stand in for it).
 */
export async function signInWithPassword(c: Context<AppEnv>, email: string, password: string) {
  const { db, config } = c.var;
  const settings = await getAuthSettings(db);
  if (!settings.passwordSignIn && (await hasSingleSignOn(c))) {
    throw new HttpError(403, PASSWORD_SIGN_IN_OFF);
  }
  await checkAccountLimit(c, email);
  let user: SignedInUser;
  try {
    user = await verifyCredentials(db, email, password);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) {
      await recordAccountFailure(c, email, (await findUserByEmail(db, email)) !== null);
    }
    throw error;
  }
  const factors = await db.withUser(user.id, (tx) => getSecondFactors(tx, user.id));
  const methods = [
    ...(factors.totp_enabled ? ["totp"] : []),
    ...(factors.email_enabled || (settings.secondFactorRequired && config.email) ? ["otp"] : []),
  ];
  if (methods.length === 0) {
    const session = await startSession(c, user);
    // Required, but nothing can stand in (no SMTP): the client should send the user to set up TOTP.
    return settings.secondFactorRequired ? { ...session, twoFactorSetupRequired: true } : session;
  }
  await startPendingSignIn(c, user.id);
  return { twoFactorRedirect: true as const, twoFactorMethods: methods };
}

/**
 * Whether a single sign-on provider can be used: only then may password sign-in be off,
 * so an administrator cannot shut everyone out.
 */
export async function hasSingleSignOn(c: Context<AppEnv>): Promise<boolean> {
  return (await listSignInProviders(c.var.db, c.var.config)).length > 0;
}
