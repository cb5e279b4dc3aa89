import type { Context } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { sendMail } from "../lib/mailer.ts";

// Failed passwords and second-factor codes per account, whatever address they come from.
// The window is fixed, so the owner is slowed down for at most a quarter of an hour,
// never locked out for good.
const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ACCOUNT_LIMIT_MESSAGE = `Too many failed sign-in attempts for this account. Sign-in to it is paused for up to ${WINDOW_MS / 60_000} minutes; try again after that.`;

// Keyed by the address typed, so an unknown address is limited exactly like a real one
// and the 429 does not reveal which accounts exist.
const bucketOf = (email: string) => `account-failures:${email.trim().toLowerCase()}`;

/** Throws 429 when the account has used up its failure budget. */
export async function checkAccountLimit(c: Context<AppEnv>, email: string): Promise<void> {
  const [row] = await c.var.db.withAnonymous(
    (tx) => tx<{ hits: number }[]>`select rate_limit_peek(${bucketOf(email)}) as hits`,
  );
  if (row!.hits >= ACCOUNT_FAILURE_LIMIT) throw new HttpError(429, ACCOUNT_LIMIT_MESSAGE);
}

/**
 * Counts one failure. When it uses up the budget of a real account, its owner is told by
 * email (when SMTP is configured): someone may be guessing their password or codes.
 */
export async function recordAccountFailure(
  c: Context<AppEnv>,
  email: string,
  accountExists: boolean,
): Promise<void> {
  const { db, config, logger } = c.var;
  const [row] = await db.statementAsAnonymous(
    (sql) => sql<{ hits: number }[]>`
      select hits from rate_limit_hit(${bucketOf(email)}, ${WINDOW_MS}, false)`,
  );
  if (row!.hits !== ACCOUNT_FAILURE_LIMIT || !accountExists || !config.email) return;
  const mail = {
    to: email.trim(),
    subject: "Failed sign-in attempts on your fitness account",
    text:
      `There were ${ACCOUNT_FAILURE_LIMIT} failed attempts to sign in to your account in the ` +
      "last minutes. Sign-in is paused for a while. If this was not you, consider changing " +
      "your password and enabling two-factor sign-in.",
  };
  // Sign-in must not wait for, or fail with, the mail server.
  sendMail(config.email, mail).catch((error) =>
    logger.warn("failed-sign-in mail not sent", { error: String(error) }),
  );
}
