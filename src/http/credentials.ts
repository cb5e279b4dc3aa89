import type { Context } from "hono";
import { getCookie } from "hono/cookie";

export const SESSION_COOKIE = "fitness_session";

/** The bearer token from `Authorization: Bearer <token>`, if any. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** An API key sent as `X-API-Key` or as a bearer token. */
export function presentedApiKey(c: Context): string | undefined {
  return c.req.header("x-api-key")?.trim() || bearerToken(c);
}

export function sessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}
