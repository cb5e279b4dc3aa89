import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import { addressBucket, clientAddress } from "./client-ip.ts";
import type { AppEnv } from "./context.ts";

type Window = { windowMs: number; max: number; sliding: boolean };

/** The sign-in limiter's answer names the wait, which every attempt until then restarts. */
export const signInLimitMessage = (seconds: number) =>
  `Too many sign-in attempts. Wait ${seconds} seconds before trying again; each attempt until then restarts the wait.`;
const DEMO_LOGIN_LIMIT = { windowMs: 60_000, max: 10, sliding: false };

/**
 * Counts one request against `bucket` in PostgreSQL (shared by every server process) and
 * throws a 429 with Retry-After when the budget of the window is spent.
 */
async function consume(
  db: Database,
  bucket: string,
  limit: Window,
  message: string | ((seconds: number) => string),
) {
  const [row] = await db.statementAsAnonymous(
    (sql) => sql<{ hits: number; retry_after_ms: number }[]>`
      select hits, retry_after_ms
        from rate_limit_hit(${bucket}, ${limit.windowMs}, ${limit.sliding})`,
  );
  if (row!.hits <= limit.max) return;
  // Whole seconds, rounded up so a client that waits that long is let in again; never
  // more than the window itself.
  const windowSeconds = Math.ceil(limit.windowMs / 1000);
  const seconds = Math.min(windowSeconds, Math.max(1, Math.ceil(row!.retry_after_ms / 1000)));
  const text = typeof message === "string" ? message : message(seconds);
  throw new HttpError(429, text, { "Retry-After": String(seconds) });
}

/** The per-key limit every API-key-authenticated request goes through (cookies are exempt). */
export function limitApiKey(c: Context<AppEnv>, keyId: string): Promise<void> {
  return limitCredential(c, `api-key:${keyId}`);
}

/** The same budget for a session token used where a key is expected (health sync). */
export function limitSession(c: Context<AppEnv>, sessionId: string): Promise<void> {
  return limitCredential(c, `session:${sessionId}`);
}

function limitCredential(c: Context<AppEnv>, bucket: string): Promise<void> {
  const { windowMs, max } = c.var.config.apiKeyRateLimit;
  return consume(c.var.db, bucket, { windowMs, max, sliding: false }, "Rate limit exceeded.");
}

/**
 * The sign-in limiter: per client address (IPv6 by /64) with a separate budget per path.
 * Every POST counts, successful or not, and each one restarts the window.
 */
export function limitSignIn(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === "POST") {
      const { windowSeconds, max } = c.var.config.signInRateLimit;
      await consume(
        c.var.db,
        `sign-in:${c.req.path}:${addressBucket(clientAddress(c))}`,
        { windowMs: windowSeconds * 1000, max, sliding: true },
        signInLimitMessage,
      );
    }
    await next();
  };
}

/** Demo login: its own budget of 10 per minute per client address. */
export function limitDemoLogin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await consume(
      c.var.db,
      `demo-login:${addressBucket(clientAddress(c))}`,
      DEMO_LOGIN_LIMIT,
      (seconds) => `Too many demo sign-ins. Wait ${seconds} seconds before trying again.`,
    );
    await next();
  };
}
