import type { MiddlewareHandler } from "hono";
import { hasApiKeyShape } from "../credentials/api-key-crypto.ts";
import { resolveApiKey } from "../credentials/api-keys.ts";
import { setSessionCookie } from "./session-cookie.ts";
import { resolveSession } from "../credentials/sessions.ts";
import { HttpError } from "../errors.ts";
import type { ApiKeyPermission, ResolvedApiKey } from "../credentials/api-keys.ts";
import type { ResolvedSession } from "../credentials/sessions.ts";
import { refuseActingFor, resolveActingFor } from "./acting-for.ts";
import type { AppEnv, AuthInfo } from "./context.ts";
import { bearerToken, presentedApiKey, sessionCookie } from "./credentials.ts";
import { limitApiKey, limitApiKeyWithFirstRead, limitSession } from "./rate-limit.ts";

/**
 * Requires a signed-in user: a session cookie, or a bearer token that is a session token
 * or, failing that, an API key holding one of `keyPermissions` (none: keys are refused).
 * Sets `c.var.auth`, with `userId` switched to the owner named by X-Acting-For or the
 * switched-context cookie (see acting-for.ts). Data routes declare their key permission
 * through route-kit's access(), so a key reaches only what its permissions name.
 */
export function requireUser(
  keyPermissions: readonly ApiKeyPermission[] = [],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = c.get("db");
    const config = c.get("config");
    const bearer = bearerToken(c);
    const cookie = sessionCookie(c);
    let auth: AuthInfo | null = null;
    let byCookie = false;
    // A bearer shaped like a key is no session token: trying it as one cost every key
    // request a session lookup that finds nothing (and so is never cached).
    const bearerSession = bearer && !hasApiKeyShape(bearer) ? bearer : undefined;
    for (const token of [bearerSession, cookie]) {
      if (!token || auth) continue;
      const session = await resolveSession(db, token);
      if (!session) continue;
      auth = sessionAuth(session);
      byCookie = token === cookie && token !== bearer;
      // The stored expiry slides forward on use; the browser's cookie must slide with it.
      if (byCookie) setSessionCookie(c, token);
    }
    const apiKey = auth ? undefined : c.req.header("x-api-key")?.trim() || bearer;
    if (apiKey) {
      const key = await resolveApiKey(db, config.apiEncryptionKey, apiKey);
      if (key?.active) auth = apiKeyAuth(key);
    }
    if (!auth) throw new HttpError(401, "Unauthorized");
    if (!auth.apiKeyId) {
      c.set("auth", resolveActingFor(c, auth, byCookie));
      return next();
    }
    // Counted before the permission check: a key is limited however it is used. A read the
    // key may make is counted with its first read (rate-limit.ts).
    const held = auth.permissions;
    const permitted = keyPermissions.some((permission) => held.includes(permission));
    const countedRead =
      permitted && c.req.method === "GET" ? limitApiKeyWithFirstRead(c, auth.apiKeyId) : null;
    if (!countedRead) await limitApiKey(c, auth.apiKeyId);
    refuseKeyWithout(auth.permissions, keyPermissions);
    c.set("auth", resolveActingFor(c, auth, byCookie));
    await next();
    await countedRead?.();
  };
}

/**
 * Requires an API key holding `permission`, with the spec's exact messages. With
 * `acceptSession`, a bearer session token is accepted too (phones sync with it after a
 * password sign-in), counted against a per-session budget as large as a key's. Either way
 * the request acts as the credential's owner: X-Acting-For is refused.
 */
export function requireApiKey(
  permission: ApiKeyPermission,
  options: { acceptSession?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const apiKey = presentedApiKey(c);
    if (!apiKey) throw new HttpError(401, "Unauthorized: Missing API Key");
    // Every key made here has the shape and no session token has it, so such a token costs
    // no session lookup. A token of another shape is a session or a key carried over from
    // SparkyFitness (any shape): the session is tried first, then the key.
    const bearer = bearerToken(c);
    const session =
      !hasApiKeyShape(apiKey) && options.acceptSession && bearer
        ? await resolveSession(c.get("db"), bearer)
        : null;
    const key = session
      ? null
      : await resolveApiKey(c.get("db"), c.get("config").apiEncryptionKey, apiKey);
    let auth: AuthInfo;
    if (key?.active) {
      // Counted before the permission check: a key is limited however it is used.
      await limitApiKey(c, key.keyId);
      refuseKeyWithout(key.permissions, [permission]);
      auth = apiKeyAuth(key);
    } else if (session) {
      await limitSession(c, session.sessionId);
      auth = sessionAuth(session);
    } else {
      throw new HttpError(401, "Unauthorized: Invalid or inactive API Key");
    }
    refuseActingFor(c, auth);
    c.set("auth", auth);
    await next();
  };
}

const SESSION_ONLY_MESSAGE = "This action requires signing in; API keys cannot be used.";

/** The 403 for a key holding none of `needed` (the spec's message names the permission). */
function refuseKeyWithout(held: readonly string[], needed: readonly ApiKeyPermission[]) {
  if (needed.some((permission) => held.includes(permission))) return;
  if (needed.length === 0) throw new HttpError(403, SESSION_ONLY_MESSAGE);
  throw new HttpError(403, `Forbidden: API Key does not have ${needed.join(" or ")} permission`);
}

/**
 * For account management and the admin surface, after requireUser(): an API key (made
 * for sync, MCP and data clients) must not be able to mint keys, change the password or
 * administer accounts. requireUser() without key permissions refuses keys already; this
 * says so where it matters.
 */
export function requireSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.auth.method !== "session") throw new HttpError(403, SESSION_ONLY_MESSAGE);
    await next();
  };
}

/** After requireUser(): the signed-in user must be an administrator. */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { auth } = c.var;
    if (auth.method !== "session" || auth.role !== "admin") {
      throw new HttpError(403, "Administrator access required.");
    }
    await next();
  };
}

function sessionAuth(session: ResolvedSession): AuthInfo {
  return { ...session, actorId: session.userId, method: "session", permissions: [] };
}

function apiKeyAuth(key: ResolvedApiKey): AuthInfo {
  return {
    userId: key.userId,
    actorId: key.userId,
    role: "user",
    method: "api_key",
    apiKeyId: key.keyId,
    permissions: key.permissions,
  };
}
