import type { MiddlewareHandler } from "hono";
import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "./context.ts";

/** How long an answer is kept for a resend (the web client's outbox retries within it). */
const KEPT = "1 day";
/** A claimed key whose write is still running: no answer stored yet. */
const RUNNING = 0;

type Stored = {
  owner_id: string;
  method: string;
  path: string;
  status: number;
  body: string;
  content_type: string;
};

/**
 * Honours an `Idempotency-Key` header on a write: the first request with a key runs and its
 * successful answer is kept a day; a resend with the same key gets that answer again
 * (with `Idempotent-Replayed: true`) and changes nothing. The key is claimed before the
 * write runs, so a resend racing the first gets a 409 instead of a second record. A failed
 * write (or one answering a file) frees its key for the retry. Without the header nothing
 * changes.
 */
export function honourIdempotencyKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key")?.trim();
    if (key === undefined || c.req.method === "GET") return next();
    if (key.length < 1 || key.length > 200) {
      throw new HttpError(400, "Idempotency-Key must be 1 to 200 characters.");
    }
    const { db, auth } = c.var;
    const request = { owner: auth.userId, method: c.req.method, path: c.req.path };
    const earlier = await db.withUser(auth.userId, (tx) => claim(tx, key, request), auth.actorId);
    if (earlier) return replay(earlier, request);
    let kept = false;
    try {
      await next();
      const contentType = c.res.headers.get("content-type") ?? "application/json";
      // Only a JSON or text answer is kept: a file answered to a write is not replayed.
      const text = contentType.includes("json") || contentType.startsWith("text/");
      if (c.res.status >= 200 && c.res.status < 300 && text) {
        const body = await c.res.clone().text();
        await db.withUser(
          auth.userId,
          (tx) => tx`update idempotency_keys set status = ${c.res.status}, body = ${body},
                       content_type = ${contentType}
                     where actor_id = app_actor_id() and key = ${key}`,
          auth.actorId,
        );
        kept = true;
      }
    } finally {
      if (!kept) {
        await db.withUser(
          auth.userId,
          (tx) => tx`delete from idempotency_keys where actor_id = app_actor_id() and key = ${key}`,
          auth.actorId,
        );
      }
    }
  };
}

type Request = { owner: string; method: string; path: string };

/** Claims `key` for this request; answers what an earlier request with it stored, if any. */
async function claim(tx: Tx, key: string, request: Request): Promise<Stored | undefined> {
  await tx`delete from idempotency_keys
           where actor_id = app_actor_id() and created_at < now() - ${KEPT}::interval`;
  const claimed = await tx`
    insert into idempotency_keys (actor_id, key, owner_id, method, path, status, body, content_type)
    values (app_actor_id(), ${key}, ${request.owner}, ${request.method}, ${request.path},
            ${RUNNING}, '', '')
    on conflict (actor_id, key) do nothing
    returning key`;
  if (claimed.length > 0) return undefined;
  const [row] = await tx<Stored[]>`
    select owner_id, method, path, status, body, content_type from idempotency_keys
    where actor_id = app_actor_id() and key = ${key}`;
  return row;
}

function replay(earlier: Stored, request: Request): Response {
  const same =
    earlier.owner_id === request.owner &&
    earlier.method === request.method &&
    earlier.path === request.path;
  if (!same) throw new HttpError(422, "This Idempotency-Key was used for a different request.");
  if (earlier.status === RUNNING) {
    throw new HttpError(
      409,
      "A request with this Idempotency-Key is still running; retry shortly.",
    );
  }
  return new Response(earlier.body || null, {
    status: earlier.status,
    headers: { "Content-Type": earlier.content_type, "Idempotent-Replayed": "true" },
  });
}
