import { z } from "@hono/zod-openapi";
import { sessionResponse } from "./schemas.ts";

export const passwordBody = z.object({ password: z.string().min(1).max(1024) });
export const codeBody = z.object({ code: z.string().min(1).max(64) });
export const disableBody = z
  .object({ password: z.string().max(1024).optional(), code: z.string().max(64).optional() })
  .refine((b) => b.password || b.code, { message: "A password or a current code is required." });
export const emailFactorBody = passwordBody.extend({ enabled: z.boolean() });

export const totpSetUp = z.object({
  totpURI: z.string(),
  qrCode: z.string().openapi({ description: "The otpauth URI as an SVG data URL" }),
  backupCodes: z.array(z.string()),
});
export const backupCodes = z.object({ backupCodes: z.array(z.string()) });
export const statusResponse = z.object({ status: z.boolean() });
export const verifyTotpResponse = z.union([sessionResponse, statusResponse]);
export const factorsResponse = z.object({
  mfa_totp_enabled: z.boolean(),
  mfa_email_enabled: z.boolean(),
});
