import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./context.ts";
import { isSecureRequest } from "./client-ip.ts";
import { SESSION_COOKIE } from "./credentials.ts";
import { SESSION_DAYS } from "../credentials/sessions.ts";

type ConfigContext = Context<AppEnv>;

// HttpOnly keeps the token away from page scripts; Lax stops cross-site POSTs from
// carrying it; Secure only over HTTPS, or a plain-HTTP self-hosted server could never
// keep its users signed in.
function cookieOptions(c: ConfigContext) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "Lax" as const,
    secure: isSecureRequest(c),
  };
}

/** Sets the browser session cookie for a new session token. */
export function setSessionCookie(c: ConfigContext, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    ...cookieOptions(c),
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(c: ConfigContext): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}
