import type { Context } from "hono";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import { clientAddress } from "../http/client-ip.ts";
import type { AppEnv } from "../http/context.ts";
import { findUserByEmail, hashPassword } from "../users/accounts.ts";
import { mayReplaceLegacyHash, passwordMatches } from "../lib/legacy-password.ts";
import { setSessionCookie } from "../http/session-cookie.ts";
import { createSession } from "../credentials/sessions.ts";

export const INVALID_CREDENTIALS = "Invalid email or password.";

export type SignedInUser = { id: string; email: string; name: string; role: "user" | "admin" };

// Verified when the email is unknown, so both failures take as long as a real check and
// the response time does not reveal which accounts exist.
const unknownUserHash = hashPassword(crypto.randomUUID());

/** The account for an email and password, or a 401 with one message for every failure. */
export async function verifyCredentials(
  db: Database,
  email: string,
  password: string,
): Promise<SignedInUser> {
  const user = await findUserByEmail(db, email);
  const hash = user?.password_hash ?? (await unknownUserHash);
  const matches = await passwordMatches(password, hash);
  if (!user || !user.password_hash || !matches) throw new HttpError(401, INVALID_CREDENTIALS);
  if (user.disabled) throw new HttpError(403, "This account has been disabled.");
  if (mayReplaceLegacyHash(password, user.password_hash))
    await rehashPassword(db, user.id, password);
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/** Opens a session for the user: cookie for browsers, token in the body for apps. */
export async function startSession(c: Context<AppEnv>, user: SignedInUser) {
  const { token } = await createSession(c.var.db, user.id, {
    ipAddress: clientAddress(c),
    userAgent: c.req.header("user-agent")?.slice(0, 500) ?? null,
  });
  setSessionCookie(c, token);
  return { token, user };
}

/**
 * Opens a session for a user proven by other means than a password (passkey, single
 * sign-on), refusing a disabled account like password sign-in does.
 */
export async function startSessionFor(c: Context<AppEnv>, userId: string) {
  const [user] = await c.var.db.withUser(
    userId,
    (tx) => tx<(SignedInUser & { disabled: boolean })[]>`
      select id, email, name, role, disabled from users where id = ${userId}`,
  );
  if (!user) throw new HttpError(401, INVALID_CREDENTIALS);
  if (user.disabled) throw new HttpError(403, "This account has been disabled.");
  const { id, email, name, role } = user;
  return startSession(c, { id, email, name, role });
}

/** Re-checks the signed-in user's password before a security change; 400 when wrong. */
export async function confirmOwnPassword(db: Database, userId: string, password: string) {
  const [row] = await db.withUser(
    userId,
    (tx) => tx<{ password_hash: string | null }[]>`
      select password_hash from users where id = ${userId}`,
  );
  const ok = !!row?.password_hash && (await passwordMatches(password, row.password_hash));
  if (!ok) throw new HttpError(400, "Password is incorrect.");
}

/** Replaces a carried-over hash with ours at the first sign-in that proves the password. */
async function rehashPassword(db: Database, userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.withUser(
    userId,
    (tx) =>
      tx`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`,
  );
}
