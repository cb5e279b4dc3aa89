import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { createRouter } from "../http/router.ts";
import { createUserAccount, getAccount } from "../users/accounts.ts";
import { promoteFirstAccount } from "../users/admin.ts";
import {
  authSettings,
  currentSession,
  errorContent,
  sessionResponse,
  signInBody,
  signInResponse,
  signUpBody,
} from "./schemas.ts";
import { clearSessionCookie } from "../http/session-cookie.ts";
import { currentSessionOf } from "./current-session.ts";
import { revokeSession } from "../credentials/sessions.ts";
import { startSession } from "./sign-in.ts";
import { signInWithPassword } from "./password-sign-in.ts";
import { emailOtpRoutes } from "./email-otp-routes.ts";
import { twoFactorSetUpRoutes } from "./two-factor-setup-routes.ts";
import { twoFactorSignInRoutes } from "./two-factor-sign-in-routes.ts";
import { passkeyRoutes } from "./passkey-routes.ts";
import { passkeySignInRoutes } from "./passkey-sign-in-routes.ts";
import { sessionRoutes } from "./session-routes.ts";
import { oidcRoutes } from "./oidc-routes.ts";
import { listSignInProviders } from "./oidc-providers.ts";
import { getAuthSettings } from "./instance-settings.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Authentication"];

const signUp = createRoute({
  method: "post",
  path: "/api/auth/sign-up/email",
  tags,
  summary: "Create an account and sign in",
  request: { body: { content: json(signUpBody), required: true } },
  responses: {
    200: { description: "Signed in", content: json(sessionResponse) },
    400: { description: "Invalid input", content: errorContent },
    403: { description: "Sign-up is disabled", content: errorContent },
    409: { description: "Email taken", content: errorContent },
  },
});

const signIn = createRoute({
  method: "post",
  path: "/api/auth/sign-in/email",
  tags,
  summary: "Sign in with email and password (rate-limited per client address)",
  request: { body: { content: json(signInBody), required: true } },
  responses: {
    200: {
      description: "Signed in (sets the session cookie), or a second factor is due",
      content: json(signInResponse),
    },
    401: { description: "Wrong email or password", content: errorContent },
    403: { description: "Password sign-in is disabled, or the account is", content: errorContent },
    429: { description: "Too many attempts", content: errorContent },
  },
});

const signOut = createRoute({
  method: "post",
  path: "/api/auth/sign-out",
  tags,
  summary: "Revoke the current session",
  responses: {
    200: { description: "Signed out", content: json(z.object({ success: z.boolean() })) },
  },
});

const getSession = createRoute({
  method: "get",
  path: "/api/auth/get-session",
  tags,
  summary: "The current session and user, or null",
  responses: { 200: { description: "Session or null", content: json(currentSession) } },
});

const settings = createRoute({
  method: "get",
  path: "/api/auth/settings",
  tags,
  summary: "Which sign-in methods are enabled (public)",
  responses: { 200: { description: "Sign-in methods", content: json(authSettings) } },
});

export const authRoutes = createRouter()
  .route("/", twoFactorSetUpRoutes)
  .route("/", twoFactorSignInRoutes)
  .route("/", emailOtpRoutes)
  .route("/", passkeyRoutes)
  .route("/", passkeySignInRoutes)
  .route("/", oidcRoutes)
  .route("/", sessionRoutes)
  .openapi(signUp, async (c) => {
    if (c.var.config.disableSignup) throw new HttpError(403, "Sign-up is disabled.");
    const body = c.req.valid("json");
    const created = await createUserAccount(c.var.db, body);
    const user = { ...created, role: await promoteFirstAccount(c.var.db, created.id) };
    return c.json(await startSession(c, user), 200);
  })
  .openapi(signIn, async (c) => {
    const { email, password } = c.req.valid("json");
    return c.json(await signInWithPassword(c, email, password), 200);
  })
  .openapi(signOut, async (c) => {
    const session = await currentSessionOf(c);
    if (session) await revokeSession(c.var.db, session.userId, session.sessionId);
    clearSessionCookie(c);
    return c.json({ success: true }, 200);
  })
  .openapi(getSession, async (c) => {
    const session = await currentSessionOf(c);
    if (!session) return c.json(null, 200);
    const user = await getAccount(c.var.db, session.userId);
    const { sessionId: id, userId, expiresAt, token } = session;
    // The phone app signs in with SSO in a browser and then reads its bearer token here. A
    // web page's script never gets it: browsers mark their requests with Sec-Fetch-Site,
    // which scripts cannot remove, so an injected script cannot carry the token away.
    const forApp = !c.req.header("sec-fetch-site");
    return c.json({ session: { id, userId, expiresAt, ...(forApp ? { token } : {}) }, user }, 200);
  })
  .openapi(settings, async (c) => {
    const { db, config } = c.var;
    const { disableSignup, demoMode, publicUrl } = config;
    const providers = await listSignInProviders(db, config);
    const { passwordSignIn, secondFactorRequired } = await getAuthSettings(db);
    return c.json(
      {
        // The phone app sends this as Origin on its auth POSTs (else the address it typed).
        ...(publicUrl ? { trusted_origin: new URL(publicUrl).origin } : {}),
        // Off only while a provider exists, so nobody is shut out (see password-sign-in.ts).
        email: { enabled: passwordSignIn || providers.length === 0 },
        signup: { enabled: !disableSignup },
        signup_disabled: disableSignup,
        demo: { enabled: demoMode },
        oidc: {
          enabled: providers.length > 0,
          // As the phone app reads them (its sign-in buttons); the web client reads details.
          providers: providers.map((p) => ({
            id: p.id,
            display_name: p.name,
            logo_url: null,
            auto_register: p.autoRegister,
          })),
          details: providers.map((p) => ({ id: p.id, name: p.name })),
        },
        passkeys: { enabled: !!publicUrl },
        twoFactor: { enabled: true, required: secondFactorRequired, emailCodes: !!config.email },
      },
      200,
    );
  });
