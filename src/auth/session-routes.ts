import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { requireSession, requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import { forgetCredentials } from "../credentials/credential-cache.ts";
import { errorContent } from "./schemas.ts";
import { clearSessionCookie } from "../http/session-cookie.ts";
import { listSessions, revokeOtherSessions, revokeSession } from "../credentials/sessions.ts";
import { statusResponse } from "./two-factor-schemas.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Authentication"];
// Always the signed-in account's own sessions, whatever family context is switched to: the
// routes use the actor, never the owner named by X-Acting-For. The shared demo account's
// visitors must not see or sign out each other.
const signedIn = [requireUser(), requireSession(), blockDemoAccount()];
const failures = {
  401: { description: "Not signed in", content: errorContent },
  403: { description: "API key or demo account", content: errorContent },
};

const sessionSummary = z
  .object({
    id: z.string().uuid(),
    createdAt: z.date(),
    expiresAt: z.date(),
    lastUsedAt: z.date().openapi({ description: "Updated at most once an hour" }),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    current: z.boolean().openapi({ description: "The session making this request" }),
  })
  .openapi("SessionSummary");

const list = createRoute({
  method: "get",
  path: "/api/auth/list-sessions",
  tags,
  summary: "Your active sign-in sessions (never their tokens)",
  middleware: signedIn,
  responses: {
    200: { description: "Sessions", content: json(z.array(sessionSummary)) },
    ...failures,
  },
});

const revoke = createRoute({
  method: "post",
  path: "/api/auth/revoke-session",
  tags,
  summary: "Sign out one of your sessions",
  middleware: signedIn,
  request: { body: { content: json(z.object({ id: z.string().uuid() })), required: true } },
  responses: {
    200: { description: "Signed out", content: json(statusResponse) },
    400: { description: "Invalid input", content: errorContent },
    404: { description: "You have no such session", content: errorContent },
    ...failures,
  },
});

const revokeOthers = createRoute({
  method: "post",
  path: "/api/auth/revoke-other-sessions",
  tags,
  summary: "Sign out every session but this one",
  middleware: signedIn,
  responses: { 200: { description: "Signed out", content: json(statusResponse) }, ...failures },
});

export const sessionRoutes = createRouter()
  .openapi(list, async (c) => {
    const { db, auth } = c.var;
    const sessions = await listSessions(db, auth.actorId);
    return c.json(
      sessions.map((s) => ({ ...s, current: s.id === auth.sessionId })),
      200,
    );
  })
  .openapi(revoke, async (c) => {
    const { db, auth } = c.var;
    const { id } = c.req.valid("json");
    if (!(await revokeSession(db, auth.actorId, id))) {
      throw new HttpError(404, "Session not found.");
    }
    if (id === auth.sessionId) clearSessionCookie(c);
    return c.json({ status: true }, 200);
  })
  .openapi(revokeOthers, async (c) => {
    const { db, auth } = c.var;
    await db.withUser(auth.actorId, (tx) => revokeOtherSessions(tx, auth.actorId, auth.sessionId!));
    // After the commit: no process-local cache may keep letting the revoked tokens in.
    forgetCredentials();
    return c.json({ status: true }, 200);
  });
