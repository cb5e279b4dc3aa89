import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { HttpError } from "../errors.ts";
import { isSecureRequest } from "../http/client-ip.ts";
import type { AppEnv } from "../http/context.ts";
import { getAccount } from "../users/accounts.ts";
import { startSession, type SignedInUser } from "./sign-in.ts";
import { randomToken, sha256 } from "../credentials/tokens.ts";

/** The cookie that identifies a password sign-in waiting for its second factor. */
export const PENDING_COOKIE = "fitness_two_factor";
const PENDING_SECONDS = 5 * 60;
const MAX_CODE_ATTEMPTS = 5;
export const PENDING_EXPIRED = "Two-factor sign-in has expired or was not started. Sign in again.";

export type PendingSignIn = { id: string; userId: string };

const cookieOptions = (c: Context<AppEnv>) => ({
  path: "/api/auth",
  httpOnly: true,
  sameSite: "Lax" as const,
  secure: isSecureRequest(c),
});

/** Records the half-done sign-in and sets its short-lived HttpOnly cookie. */
export async function startPendingSignIn(c: Context<AppEnv>, userId: string): Promise<void> {
  const token = randomToken();
  await c.var.db.withUser(
    userId,
    (tx) => tx`
      insert into pending_sign_ins (user_id, token_hash, expires_at)
      values (${userId}, ${sha256(token)}, now() + make_interval(secs => ${PENDING_SECONDS}))`,
  );
  // The value names the user so the row is found under that user's row-level security.
  setCookie(c, PENDING_COOKIE, `${userId}.${token}`, {
    ...cookieOptions(c),
    maxAge: PENDING_SECONDS,
  });
}

/** The pending sign-in the request's cookie names, or null. */
export async function findPendingSignIn(c: Context<AppEnv>): Promise<PendingSignIn | null> {
  const match = getCookie(c, PENDING_COOKIE)?.match(/^([0-9a-f-]{36})\.([\w-]{20,100})$/);
  if (!match) return null;
  const [, userId, token] = match as unknown as [string, string, string];
  const [row] = await c.var.db.withUser(
    userId,
    (tx) => tx<{ id: string }[]>`
      select id from pending_sign_ins
       where token_hash = ${sha256(token)} and user_id = ${userId}
         and expires_at > now() and attempts < ${MAX_CODE_ATTEMPTS}`,
  );
  return row ? { id: row.id, userId } : null;
}

/** Like findPendingSignIn, but a 401 when there is none. */
export async function requirePendingSignIn(c: Context<AppEnv>): Promise<PendingSignIn> {
  const pending = await findPendingSignIn(c);
  if (!pending) throw new HttpError(401, PENDING_EXPIRED);
  return pending;
}

/** Counts a wrong code; after five the pending sign-in is spent and must start again. */
export async function countWrongCode(c: Context<AppEnv>, pending: PendingSignIn): Promise<void> {
  await c.var.db.withUser(
    pending.userId,
    (tx) => tx`update pending_sign_ins set attempts = attempts + 1 where id = ${pending.id}`,
  );
}

/** Ends the pending sign-in and opens the real session: `{token, user}`. */
export async function finishPendingSignIn(c: Context<AppEnv>, pending: PendingSignIn) {
  const deleted = await c.var.db.withUser(
    pending.userId,
    (tx) => tx`delete from pending_sign_ins where id = ${pending.id} returning id`,
  );
  // Two requests with the same cookie: only the one that deleted the row signs in.
  if (deleted.length !== 1) throw new HttpError(401, PENDING_EXPIRED);
  deleteCookie(c, PENDING_COOKIE, cookieOptions(c));
  const user: SignedInUser = await getAccount(c.var.db, pending.userId);
  return startSession(c, user);
}
