import type { Context } from "hono";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { sendMail } from "../lib/mailer.ts";
import { hashCode, randomDigits } from "./code-hash.ts";

export type EmailCodePurpose = "email-verification" | "two-factor";

const CODE_MINUTES = 10;
const MAX_ATTEMPTS = 5;
export const EMAIL_OFF_MESSAGE = "Email is not configured on this server.";
export const WRONG_CODE = "Invalid or expired code.";

const subjects: Record<EmailCodePurpose, string> = {
  "email-verification": "Your email verification code",
  "two-factor": "Your sign-in code",
};

/** Throws 400 when no SMTP server is configured (the feature is off). */
export function requireEmail(c: Context<AppEnv>) {
  if (!c.var.config.email) throw new HttpError(400, EMAIL_OFF_MESSAGE);
  return c.var.config.email;
}

/**
 * Creates a six-digit code for the purpose (replacing any earlier one, so only the newest
 * works) and mails it to the user.
 */
export async function sendEmailCode(
  c: Context<AppEnv>,
  user: { id: string; email: string },
  purpose: EmailCodePurpose,
): Promise<void> {
  const email = requireEmail(c);
  const code = randomDigits(6);
  const codeHash = hashCode(c.var.config.authSecret, user.id, code);
  await c.var.db.withUser(user.id, async (tx) => {
    await tx`delete from email_codes where user_id = ${user.id} and purpose = ${purpose}`;
    await tx`
      insert into email_codes (user_id, purpose, code_hash, expires_at)
      values (${user.id}, ${purpose}, ${codeHash},
              now() + make_interval(mins => ${CODE_MINUTES}))`;
  });
  await sendMail(email, {
    to: user.email,
    subject: subjects[purpose],
    text: `Your code is ${code}. It expires in ${CODE_MINUTES} minutes and works once.`,
  });
}

/**
 * Whether the code is the user's current one for the purpose. A right code is used up; a
 * wrong one spends an attempt, and after five the code is gone.
 */
export async function consumeEmailCode(
  db: Database,
  authSecret: string,
  userId: string,
  purpose: EmailCodePurpose,
  code: string,
): Promise<boolean> {
  const codeHash = hashCode(authSecret, userId, code);
  return db.withUser(userId, async (tx) => {
    const used = await tx`
      delete from email_codes
       where user_id = ${userId} and purpose = ${purpose} and code_hash = ${codeHash}
         and expires_at > now() and attempts < ${MAX_ATTEMPTS}
       returning id`;
    if (used.length === 1) return true;
    await tx`
      update email_codes set attempts = attempts + 1
       where user_id = ${userId} and purpose = ${purpose}`;
    return false;
  });
}
