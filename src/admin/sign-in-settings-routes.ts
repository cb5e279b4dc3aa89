import { createRoute, z } from "@hono/zod-openapi";
import { getAuthSettings, updateAuthSettings } from "../auth/instance-settings.ts";
import { hasSingleSignOn } from "../auth/password-sign-in.ts";
import { resetTwoFactor } from "../auth/reset-two-factor.ts";
import { errorContent } from "../auth/schemas.ts";
import { HttpError } from "../errors.ts";
import { requireAdmin, requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Admin"];
const adminOnly = [requireUser(), requireAdmin(), blockDemoAccount()];
const failures = {
  400: { description: "Invalid input", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "Not an administrator", content: errorContent },
};
const settingsSchema = z
  .object({
    passwordSignIn: z.boolean().describe("Off only while a single sign-on provider exists"),
    secondFactorRequired: z.boolean().describe("Every password sign-in needs a second factor"),
  })
  .openapi("SignInSettings");

const read = createRoute({
  method: "get",
  path: "/api/admin/auth-settings",
  tags,
  summary: "Server-wide sign-in settings",
  middleware: adminOnly,
  responses: { 200: { description: "Settings", content: json(settingsSchema) }, ...failures },
});
const change = createRoute({
  method: "put",
  path: "/api/admin/auth-settings",
  tags,
  summary: "Turn password sign-in off (needs SSO) or make a second factor mandatory",
  middleware: adminOnly,
  request: { body: { content: json(settingsSchema.partial()), required: true } },
  responses: { 200: { description: "Settings", content: json(settingsSchema) }, ...failures },
});
const resetTwoFactorRoute = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/reset-two-factor",
  tags,
  summary: "Turn off a user's TOTP and email codes (e.g. after BETTER_AUTH_SECRET changed)",
  middleware: adminOnly,
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    200: { description: "Reset", content: json(z.object({ message: z.string() })) },
    404: { description: "No such user", content: errorContent },
    ...failures,
  },
});

export const signInSettingsRoutes = createRouter()
  .openapi(read, async (c) => c.json(await getAuthSettings(c.var.db), 200))
  .openapi(change, async (c) => {
    const patch = c.req.valid("json");
    if (patch.passwordSignIn === false && !(await hasSingleSignOn(c))) {
      throw new HttpError(
        400,
        "Password sign-in can be turned off only while a single sign-on provider is configured.",
      );
    }
    return c.json(await updateAuthSettings(c.var.db, patch), 200);
  })
  .openapi(resetTwoFactorRoute, async (c) => {
    if (!(await resetTwoFactor(c.var.db, { id: c.req.valid("param").id }))) {
      throw new HttpError(404, "User not found.");
    }
    return c.json({ message: "Two-factor sign-in was turned off for this user." }, 200);
  });
