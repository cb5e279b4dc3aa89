import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { errorContent } from "../auth/schemas.ts";
import { SESSION_DAYS } from "../credentials/sessions.ts";
import { HttpError } from "../errors.ts";
import { ACTING_FOR_COOKIE } from "../http/acting-for.ts";
import { requireSession, requireUser } from "../http/auth.ts";
import { isSecureRequest } from "../http/client-ip.ts";
import type { AppEnv } from "../http/context.ts";
import { createRouter } from "../http/router.ts";
import { getAccount } from "../users/accounts.ts";
import { hasLiveGrant, listGrantsToActor } from "./queries.ts";
import {
  accessibleUserSchema,
  GRANT_FLAGS,
  type GrantFlags,
  switchContextBody,
  switchContextResult,
} from "./schemas.ts";

const tags = ["Family sharing"];
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

const accessibleUsers = createRoute({
  method: "get",
  path: "/api/identity/users/accessible-users",
  summary: "Whose data you may act on: yourself first, then everyone with a live grant to you",
  tags,
  middleware: [requireUser(["data_read"])] as const,
  responses: {
    200: { description: "Accounts", ...json(z.array(accessibleUserSchema)) },
    401: { description: "Not signed in", content: errorContent },
  },
});

const switchContext = createRoute({
  method: "post",
  path: "/api/identity/switch-context",
  summary: "Browser sessions: act on a family member's data (your own id switches back)",
  description: "Bearer-token clients send the header X-Acting-For: <userId> instead.",
  tags,
  middleware: [requireUser(), requireSession()] as const,
  request: { body: { ...json(switchContextBody), required: true } },
  responses: {
    200: {
      description: "Switched; sets or clears an HttpOnly cookie",
      ...json(switchContextResult),
    },
    400: { description: "Invalid input", content: errorContent },
    401: { description: "Not signed in", content: errorContent },
    403: { description: "That user has not shared their data with you", content: errorContent },
  },
});

const pickFlags = (from: (flag: keyof GrantFlags) => boolean) =>
  Object.fromEntries(GRANT_FLAGS.map((flag) => [flag, from(flag)])) as GrantFlags;

function cookieOptions(c: Context<AppEnv>) {
  return { path: "/", httpOnly: true, sameSite: "Lax" as const, secure: isSecureRequest(c) };
}

export const familyContextRoutes = createRouter()
  .openapi(accessibleUsers, async (c) => {
    const { db, auth } = c.var;
    const self = await getAccount(db, auth.actorId);
    const grants = await db.withUser(auth.actorId, (tx) => listGrantsToActor(tx));
    const others = grants.map((g) => ({
      user_id: g.owner_user_id,
      full_name: g.owner_name,
      email: g.owner_email,
      is_self: false,
      permissions: pickFlags((flag) => g[flag]),
      access_end_date: g.access_end_date?.toISOString() ?? null,
    }));
    const me = { user_id: self.id, full_name: self.name, email: self.email, is_self: true };
    return c.json(
      [{ ...me, permissions: pickFlags(() => true), access_end_date: null }, ...others],
      200,
    );
  })
  .openapi(switchContext, async (c) => {
    const { targetUserId } = c.req.valid("json");
    const { db, auth } = c.var;
    const target = targetUserId.toLowerCase();
    if (target === auth.actorId) {
      deleteCookie(c, ACTING_FOR_COOKIE, cookieOptions(c));
      return c.json({ message: "Switched back to your own data.", activeUserId: target }, 200);
    }
    if (!(await db.withUser(target, (tx) => hasLiveGrant(tx), auth.actorId))) {
      throw new HttpError(403, "Forbidden: this user has not shared their data with you.");
    }
    setCookie(c, ACTING_FOR_COOKIE, target, {
      ...cookieOptions(c),
      maxAge: SESSION_DAYS * 24 * 60 * 60,
    });
    return c.json({ message: "Now acting on this user's data.", activeUserId: target }, 200);
  });
