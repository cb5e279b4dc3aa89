import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { createRouter } from "../http/router.ts";
import { getAccount } from "../users/accounts.ts";
import { checkAccountLimit, recordAccountFailure } from "./account-limit.ts";
import { currentSessionOf } from "./current-session.ts";
import { consumeEmailCode, sendEmailCode, WRONG_CODE } from "./email-codes.ts";
import {
  countWrongCode,
  finishPendingSignIn,
  findPendingSignIn,
  requirePendingSignIn,
  type PendingSignIn,
} from "./pending-sign-in.ts";
import { errorContent, sessionResponse } from "./schemas.ts";
import { getAuthSettings } from "./instance-settings.ts";
import { getSecondFactors, useBackupCode } from "./second-factors.ts";
import { checkTotpCode, WRONG_TOTP } from "./totp-service.ts";
import { codeBody, statusResponse, verifyTotpResponse } from "./two-factor-schemas.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Two-factor"];
const request = { body: { content: json(codeBody), required: true } };
const failures = {
  400: { description: "Invalid input", content: errorContent },
  401: { description: "Wrong or used code, or no pending sign-in", content: errorContent },
  429: { description: "Too many attempts", content: errorContent },
};
const signedIn = { 200: { description: "Signed in", content: json(sessionResponse) }, ...failures };

const verifyTotp = createRoute({
  method: "post",
  path: "/api/auth/two-factor/verify-totp",
  tags,
  summary: "Complete a pending sign-in with a TOTP code, or confirm TOTP set-up when signed in",
  request,
  responses: {
    200: { description: "Signed in, or set-up confirmed", content: json(verifyTotpResponse) },
    ...failures,
  },
});

const verifyBackupCode = createRoute({
  method: "post",
  path: "/api/auth/two-factor/verify-backup-code",
  tags,
  summary: "Complete a pending sign-in with a backup code (each works once)",
  request,
  responses: signedIn,
});

const sendOtp = createRoute({
  method: "post",
  path: "/api/auth/two-factor/send-otp",
  tags,
  summary: "Email a sign-in code for the pending sign-in",
  responses: { 200: { description: "Sent", content: json(statusResponse) }, ...failures },
});

const verifyOtp = createRoute({
  method: "post",
  path: "/api/auth/two-factor/verify-otp",
  tags,
  summary: "Complete a pending sign-in with the emailed code",
  request,
  responses: signedIn,
});

/**
 * Checks a second-factor code of the pending sign-in: a wrong one is counted against the
 * pending sign-in and the account; a right one opens the session.
 */
async function completeWith(
  c: Context<AppEnv>,
  pending: PendingSignIn,
  check: () => Promise<boolean>,
  message: string,
) {
  const { email } = await getAccount(c.var.db, pending.userId);
  await checkAccountLimit(c, email);
  if (!(await check())) {
    await countWrongCode(c, pending);
    await recordAccountFailure(c, email, true);
    throw new HttpError(401, message);
  }
  return finishPendingSignIn(c, pending);
}

export const twoFactorSignInRoutes = createRouter()
  .openapi(verifyTotp, async (c) => {
    const { db, config } = c.var;
    const { code } = c.req.valid("json");
    const pending = await findPendingSignIn(c);
    if (pending) {
      const check = () => checkTotpCode(db, config.authSecret, pending.userId, code);
      return c.json(await completeWith(c, pending, check, WRONG_TOTP), 200);
    }
    const session = await currentSessionOf(c);
    if (!session) throw new HttpError(401, "Sign in first.");
    if (!(await checkTotpCode(db, config.authSecret, session.userId, code, true))) {
      throw new HttpError(400, WRONG_TOTP);
    }
    return c.json({ status: true }, 200);
  })
  .openapi(verifyBackupCode, async (c) => {
    const { db, config } = c.var;
    const pending = await requirePendingSignIn(c);
    const { code } = c.req.valid("json");
    const check = () =>
      db.withUser(pending.userId, (tx) =>
        useBackupCode(tx, config.authSecret, pending.userId, code),
      );
    return c.json(await completeWith(c, pending, check, "Invalid backup code."), 200);
  })
  .openapi(sendOtp, async (c) => {
    const { db } = c.var;
    const pending = await requirePendingSignIn(c);
    const factors = await db.withUser(pending.userId, (tx) => getSecondFactors(tx, pending.userId));
    // Someone who chose TOTP alone does not get email as a way around it.
    if (!factors.email_enabled && !(await getAuthSettings(db)).secondFactorRequired) {
      throw new HttpError(400, "Email codes are not enabled for this account.");
    }
    const user = await getAccount(db, pending.userId);
    await sendEmailCode(c, user, "two-factor");
    return c.json({ status: true }, 200);
  })
  .openapi(verifyOtp, async (c) => {
    const { db, config } = c.var;
    const pending = await requirePendingSignIn(c);
    const { code } = c.req.valid("json");
    const check = () => consumeEmailCode(db, config.authSecret, pending.userId, "two-factor", code);
    return c.json(await completeWith(c, pending, check, WRONG_CODE), 200);
  });
