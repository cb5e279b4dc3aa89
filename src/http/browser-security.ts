import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import { isSecureRequest } from "./client-ip.ts";
import type { AppEnv } from "./context.ts";
import { presentedApiKey, sessionCookie } from "./credentials.ts";
import { setAnswerHeaders } from "./answer-headers.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_TYPES = ["application/json", "multipart/form-data"];

/**
 * Cross-site request forgery guard for cookie sessions: a browser attaches the cookie to a
 * form or `no-cors` fetch from any site, and those can only send simple content types. A
 * write that the cookie authenticates must therefore carry a JSON (or multipart) body type
 * and come from our own origin. Bearer and API-key clients send no ambient credential.
 */
export function guardCookieWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !sessionCookie(c) || presentedApiKey(c)) return next();
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
    if (
      !ALLOWED_TYPES.includes(type) ||
      !isSameOrigin(c.req.header("origin") ?? c.req.header("referer"), c)
    ) {
      throw new HttpError(403, "Cross-site request refused.");
    }
    return next();
  };
}

function isSameOrigin(
  source: string | undefined,
  c: Parameters<MiddlewareHandler<AppEnv>>[0],
): boolean {
  if (!source) return false;
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    return false;
  }
  // Behind a proxy the browser's origin is the proxy's host; trusted proxies tell us it.
  const forwarded =
    c.var.config.trustedProxyHops > 0 ? c.req.header("x-forwarded-host") : undefined;
  const own = [new URL(c.req.url).host, c.req.header("host"), forwarded?.split(",")[0]?.trim()];
  return own.some(
    (candidate) => candidate !== undefined && candidate.toLowerCase() === host.toLowerCase(),
  );
}

const SECURITY_HEADERS: [string, string][] = [
  ["Referrer-Policy", "same-origin"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
];
const HSTS: [string, string] = ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"];

/** Headers every answer carries; HSTS only when the request came over HTTPS. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    setAnswerHeaders(c, isSecureRequest(c) ? [...SECURITY_HEADERS, HSTS] : SECURITY_HEADERS);
  };
}
