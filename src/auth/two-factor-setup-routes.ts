import { createRoute } from "@hono/zod-openapi";
import { requireSession, requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import { getAccount } from "../users/accounts.ts";
import { requireEmail } from "./email-codes.ts";
import { errorContent } from "./schemas.ts";
import { setEmailFactor } from "./second-factors.ts";
import { confirmOwnPassword } from "./sign-in.ts";
import {
  checkTotpCode,
  disableTotp,
  regenerateBackupCodes,
  startTotpSetUp,
  WRONG_TOTP,
} from "./totp-service.ts";
import { HttpError } from "../errors.ts";
import {
  backupCodes,
  disableBody,
  emailFactorBody,
  passwordBody,
  statusResponse,
  totpSetUp,
} from "./two-factor-schemas.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Two-factor"];
const signedIn = [requireUser(), requireSession(), blockDemoAccount()];
const failures = {
  400: { description: "Wrong password or code, or invalid input", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "API key or demo account", content: errorContent },
};

const enable = createRoute({
  method: "post",
  path: "/api/auth/two-factor/enable",
  tags,
  summary: "Start TOTP set-up (confirm with verify-totp); backup codes are shown only now",
  middleware: signedIn,
  request: { body: { content: json(passwordBody), required: true } },
  responses: {
    200: { description: "Secret, QR code and backup codes", content: json(totpSetUp) },
    409: { description: "Already enabled", content: errorContent },
    ...failures,
  },
});

const disable = createRoute({
  method: "post",
  path: "/api/auth/two-factor/disable",
  tags,
  summary: "Turn TOTP off with the password or a current code",
  middleware: signedIn,
  request: { body: { content: json(disableBody), required: true } },
  responses: { 200: { description: "Disabled", content: json(statusResponse) }, ...failures },
});

const regenerate = createRoute({
  method: "post",
  path: "/api/auth/two-factor/generate-backup-codes",
  tags,
  summary: "Ten new backup codes; the old ones stop working",
  middleware: signedIn,
  request: { body: { content: json(passwordBody), required: true } },
  responses: { 200: { description: "New codes", content: json(backupCodes) }, ...failures },
});

const emailFactor = createRoute({
  method: "post",
  path: "/api/auth/two-factor/email",
  tags,
  summary: "Turn email codes as a second factor on or off (needs SMTP)",
  middleware: signedIn,
  request: { body: { content: json(emailFactorBody), required: true } },
  responses: { 200: { description: "Changed", content: json(statusResponse) }, ...failures },
});

export const twoFactorSetUpRoutes = createRouter()
  .openapi(enable, async (c) => {
    const { db, config, auth } = c.var;
    await confirmOwnPassword(db, auth.actorId, c.req.valid("json").password);
    const user = await getAccount(db, auth.actorId);
    return c.json(await startTotpSetUp(db, config.authSecret, user), 200);
  })
  .openapi(disable, async (c) => {
    const { db, config, auth } = c.var;
    const { password, code } = c.req.valid("json");
    if (password) await confirmOwnPassword(db, auth.actorId, password);
    else if (!(await checkTotpCode(db, config.authSecret, auth.actorId, code!))) {
      throw new HttpError(400, WRONG_TOTP);
    }
    await disableTotp(db, auth.actorId);
    return c.json({ status: true }, 200);
  })
  .openapi(regenerate, async (c) => {
    const { db, config, auth } = c.var;
    await confirmOwnPassword(db, auth.actorId, c.req.valid("json").password);
    return c.json(
      { backupCodes: await regenerateBackupCodes(db, config.authSecret, auth.actorId) },
      200,
    );
  })
  .openapi(emailFactor, async (c) => {
    const { db, auth } = c.var;
    const { password, enabled } = c.req.valid("json");
    if (enabled) requireEmail(c);
    await confirmOwnPassword(db, auth.actorId, password);
    await db.withUser(auth.actorId, (tx) => setEmailFactor(tx, auth.actorId, enabled));
    return c.json({ status: enabled }, 200);
  });
