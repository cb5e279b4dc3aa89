import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { bearerToken, sessionCookie } from "../http/credentials.ts";
import { createRouter } from "../http/router.ts";
import { createUserAccount, getAccount } from "../users/accounts.ts";
import {
  authSettings,
  currentSession,
  errorContent,
  sessionResponse,
  signInBody,
  signUpBody,
} from "./schemas.ts";
import { clearSessionCookie } from "./session-cookie.ts";
import { resolveSession, revokeSession } from "./sessions.ts";
import { startSession, verifyCredentials } from "./sign-in.ts";

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
    200: { description: "Signed in; also sets the session cookie", content: json(sessionResponse) },
    401: { description: "Wrong email or password", content: errorContent },
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

/** The session the request carries: bearer token first (apps), then the cookie. */
async function currentSessionOf(c: Context<AppEnv>) {
  for (const token of [bearerToken(c), sessionCookie(c)]) {
    const session = token ? await resolveSession(c.var.db, token) : null;
    if (session) return session;
  }
  return null;
}

export const authRoutes = createRouter()
  .openapi(signUp, async (c) => {
    if (c.var.config.disableSignup) throw new HttpError(403, "Sign-up is disabled.");
    const body = c.req.valid("json");
    const user = await createUserAccount(c.var.db, body);
    return c.json(await startSession(c, user), 200);
  })
  .openapi(signIn, async (c) => {
    const { email, password } = c.req.valid("json");
    const user = await verifyCredentials(c.var.db, email, password);
    return c.json(await startSession(c, user), 200);
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
    const { sessionId: id, userId, expiresAt } = session;
    return c.json({ session: { id, userId, expiresAt }, user }, 200);
  })
  .openapi(settings, (c) => {
    const { disableSignup, demoMode } = c.var.config;
    return c.json(
      {
        email: { enabled: true },
        signup: { enabled: !disableSignup },
        demo: { enabled: demoMode },
        oidc: { enabled: false, providers: [] },
        passkeys: { enabled: false },
        twoFactor: { enabled: false },
      },
      200,
    );
  });
