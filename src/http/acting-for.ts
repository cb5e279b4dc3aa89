import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { HttpError } from "../errors.ts";
import type { AppEnv, AuthInfo } from "./context.ts";
import { isUuid } from "./path-params.ts";

/** Bearer-token clients name the owner whose data they act on in this header. */
export const ACTING_FOR_HEADER = "X-Acting-For";
/** Browser sessions keep the switched context in this HttpOnly cookie (switch-context). */
export const ACTING_FOR_COOKIE = "fitness_acting_for";

export const API_KEY_ACTING_FOR_MESSAGE =
  "API keys always act as their owner: X-Acting-For cannot be used with an API key.";

/**
 * Whose data the request works on: the owner named by X-Acting-For, or for a browser
 * session signed in by cookie the switched context of that cookie; otherwise the caller.
 * The grant is not checked here but by requirePermission() on every data route, so a
 * revoked or ended grant stops access on the very next request.
 */
export function resolveActingFor(c: Context<AppEnv>, auth: AuthInfo, byCookie: boolean): AuthInfo {
  const header = c.req.header(ACTING_FOR_HEADER)?.trim();
  if (header) {
    if (auth.method === "api_key" && header !== auth.actorId) {
      throw new HttpError(403, API_KEY_ACTING_FOR_MESSAGE);
    }
    if (!isUuid(header)) throw new HttpError(400, `${ACTING_FOR_HEADER} must be a user id.`);
    return { ...auth, userId: header.toLowerCase() };
  }
  const cookie = byCookie ? getCookie(c, ACTING_FOR_COOKIE) : undefined;
  if (cookie && isUuid(cookie)) return { ...auth, userId: cookie.toLowerCase() };
  return auth;
}

/** For routes that always act as the credential's owner (health sync, MCP). */
export function refuseActingFor(c: Context<AppEnv>, auth: AuthInfo): void {
  const header = c.req.header(ACTING_FOR_HEADER)?.trim();
  if (!header || header.toLowerCase() === auth.actorId) return;
  throw new HttpError(
    403,
    auth.method === "api_key"
      ? API_KEY_ACTING_FOR_MESSAGE
      : `This route always works on your own data: ${ACTING_FOR_HEADER} cannot be used here.`,
  );
}
