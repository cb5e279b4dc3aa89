import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { createRouter } from "../http/router.ts";
import { findUserByEmail } from "../users/accounts.ts";
import { checkAccountLimit, recordAccountFailure } from "./account-limit.ts";
import { consumeEmailCode, requireEmail, sendEmailCode, WRONG_CODE } from "./email-codes.ts";
import { getAuthSettings } from "./instance-settings.ts";
import { errorContent } from "./schemas.ts";
import { factorsResponse, statusResponse } from "./two-factor-schemas.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Authentication"];
const email = z.string().min(3).max(320);

const sendVerification = createRoute({
  method: "post",
  path: "/api/auth/email-otp/send-verification-otp",
  tags,
  summary: "Email a code that verifies the address (same answer whether or not it has an account)",
  request: {
    body: {
      content: json(z.object({ email, type: z.literal("email-verification").optional() })),
      required: true,
    },
  },
  responses: {
    200: {
      description: "Sent if the account exists",
      content: json(z.object({ success: z.boolean() })),
    },
    400: { description: "Email is not configured, or invalid input", content: errorContent },
  },
});

const verifyEmail = createRoute({
  method: "post",
  path: "/api/auth/email-otp/verify-email",
  tags,
  summary: "Mark the address verified with the emailed code (rate-limited)",
  request: {
    body: { content: json(z.object({ email, otp: z.string().min(1).max(20) })), required: true },
  },
  responses: {
    200: { description: "Verified", content: json(statusResponse) },
    400: { description: "Wrong, used or expired code", content: errorContent },
    429: { description: "Too many attempts", content: errorContent },
  },
});

const mfaFactors = createRoute({
  method: "get",
  path: "/api/auth/mfa-factors",
  tags,
  summary: "Second factors of an account, for the sign-in screen (unknown addresses: none)",
  request: { query: z.object({ email }) },
  responses: { 200: { description: "Factors", content: json(factorsResponse) } },
});

export const emailOtpRoutes = createRouter()
  .openapi(sendVerification, async (c) => {
    requireEmail(c);
    const user = await findUserByEmail(c.var.db, c.req.valid("json").email);
    if (user && !user.disabled) await sendEmailCode(c, user, "email-verification");
    return c.json({ success: true }, 200);
  })
  .openapi(verifyEmail, async (c) => {
    const { db, config } = c.var;
    const body = c.req.valid("json");
    await checkAccountLimit(c, body.email);
    const user = await findUserByEmail(db, body.email);
    const ok =
      !!user &&
      (await consumeEmailCode(db, config.authSecret, user.id, "email-verification", body.otp));
    if (!ok) {
      await recordAccountFailure(c, body.email, !!user);
      throw new HttpError(400, WRONG_CODE);
    }
    await db.withUser(
      user!.id,
      (tx) => tx`update users set email_verified = true where id = ${user!.id}`,
    );
    return c.json({ status: true }, 200);
  })
  .openapi(mfaFactors, async (c) => {
    const [row] = await c.var.db.withAnonymous(
      (tx) => tx<{ totp: boolean; email: boolean }[]>`
        select totp, email from auth_second_factors_of(${c.req.valid("query").email})`,
    );
    // When the administrator requires a second factor and SMTP is set, everyone has email
    // codes, known address or not.
    const required = !!c.var.config.email && (await getAuthSettings(c.var.db)).secondFactorRequired;
    return c.json({ mfa_totp_enabled: row!.totp, mfa_email_enabled: row!.email || required }, 200);
  });
