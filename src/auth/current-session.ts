import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { bearerToken, sessionCookie } from "../http/credentials.ts";
import { resolveSession } from "../credentials/sessions.ts";

/**
 * The session the request carries, with its token: bearer token first (apps), then the
 * cookie; or null.
 */
export async function currentSessionOf(c: Context<AppEnv>) {
  for (const token of [bearerToken(c), sessionCookie(c)]) {
    const session = token ? await resolveSession(c.var.db, token) : null;
    if (session) return { ...session, token: token! };
  }
  return null;
}
