import type { Context, MiddlewareHandler } from "hono";
import type { PendingQuery, Row } from "postgres";
import type { Database, Sql, Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { addressBucket, clientAddress } from "./client-ip.ts";
import type { AppEnv } from "./context.ts";

type Window = { windowMs: number; max: number; sliding: boolean };

/** The sign-in limiter's answer names the wait, which every attempt until then restarts. */
export const signInLimitMessage = (seconds: number) =>
  `Too many sign-in attempts. Wait ${seconds} seconds before trying again; each attempt until then restarts the wait.`;
const DEMO_LOGIN_LIMIT = { windowMs: 60_000, max: 10, sliding: false };

type Hit = { hits: number; retry_after_ms: number };
type Message = string | ((seconds: number) => string);

/** The statement that counts one request against `bucket` in PostgreSQL (shared by every server process). */
function hitStatement(sql: Sql | Tx, bucket: string, limit: Window) {
  return sql<Hit[]>`
    select hits, retry_after_ms
      from rate_limit_hit(${bucket}, ${limit.windowMs}, ${limit.sliding})`;
}

function valueOf<V>(step: PromiseSettledResult<V>): V {
  if (step.status === "rejected") throw step.reason;
  return step.value;
}

/** Throws a 429 with Retry-After when `hit` is beyond the budget of the window. */
function refuseBeyond(hit: Hit, limit: Window, message: Message) {
  if (hit.hits <= limit.max) return;
  // Whole seconds, rounded up so a client that waits that long is let in again; never
  // more than the window itself.
  const windowSeconds = Math.ceil(limit.windowMs / 1000);
  const seconds = Math.min(windowSeconds, Math.max(1, Math.ceil(hit.retry_after_ms / 1000)));
  const text = typeof message === "string" ? message : message(seconds);
  throw new HttpError(429, text, { "Retry-After": String(seconds) });
}

/** Counts one request against `bucket` in a round trip of its own (refuseBeyond). */
async function consume(db: Database, bucket: string, limit: Window, message: Message) {
  const [row] = await db.statementAsAnonymous((sql) => hitStatement(sql, bucket, limit));
  refuseBeyond(row!, limit, message);
}

const KEY_LIMIT_MESSAGE = "Rate limit exceeded.";

/** The per-key limit every API-key-authenticated request goes through (cookies are exempt). */
export function limitApiKey(c: Context<AppEnv>, keyId: string): Promise<void> {
  return limitCredential(c, `api-key:${keyId}`);
}

/** The same budget for a session token used where a key is expected (health sync). */
export function limitSession(c: Context<AppEnv>, sessionId: string): Promise<void> {
  return limitCredential(c, `session:${sessionId}`);
}

function credentialLimit(c: Context<AppEnv>): Window {
  const { windowMs, max } = c.get("config").apiKeyRateLimit;
  return { windowMs, max, sliding: false };
}

function limitCredential(c: Context<AppEnv>, bucket: string): Promise<void> {
  return consume(c.get("db"), bucket, credentialLimit(c), KEY_LIMIT_MESSAGE);
}

/**
 * For a key's read (GET): counts the request in the round trip of its first one-trip read
 * (statementAsUser, statementsAsUser) or transaction (withUser) instead of one of its own,
 * which was a third of the CPU of a small read. Sets `c.var.db` to a database that does so;
 * any other first use of the database counts in a round trip of its own first, as
 * limitApiKey does. The answer: call it after the handler (it counts then if nothing did,
 * and throws the 429 if the request was beyond the budget, whatever the handler made of
 * it). The count commits with the read, so the budget stays exact across processes.
 */
export function limitApiKeyWithFirstRead(c: Context<AppEnv>, keyId: string): () => Promise<void> {
  const base = c.get("db");
  const bucket = `api-key:${keyId}`;
  const limit = credentialLimit(c);
  let counted: Promise<void> | undefined;
  const countAlone = () => (counted ??= consume(base, bucket, limit, KEY_LIMIT_MESSAGE));
  const readsCounting: Database["statementsAsUser"] = async (userId, statements, actorId) => {
    if (counted) return base.statementsAsUser(userId, statements, actorId);
    // The hit goes last, just before COMMIT: the key's counter row stays locked only while
    // PostgreSQL runs it, not while it runs the reads, so clients sharing a key do not queue.
    const trip = base.statementsAsUser<Row[][]>(
      userId,
      (sql) => [
        ...(statements(sql) as PendingQuery<Row[]>[]),
        hitStatement(sql, bucket, limit) as unknown as PendingQuery<Row[]>,
      ],
      actorId,
    );
    // A trip that failed counted nothing: the request is counted alone.
    counted = trip.then(
      (answers) => refuseBeyond(answers.at(-1)![0] as Hit, limit, KEY_LIMIT_MESSAGE),
      () => consume(base, bucket, limit, KEY_LIMIT_MESSAGE),
    );
    await counted;
    return (await trip).slice(0, -1) as never;
  };
  const db: Database = {
    ...base,
    statementsAsUser: readsCounting,
    statementAsUser: async (userId, statement, actorId) => {
      const [rows] = await readsCounting(userId, (sql) => [statement(sql)] as const, actorId);
      return rows as never;
    },
    withUser: async (userId, fn, actorId) => {
      if (counted) {
        await counted;
        return base.withUser(userId, fn, actorId);
      }
      // The hit is sent with BEGIN and the settings, ahead of fn's first statement, so the
      // transaction's first round trip counts the request. Its answer is checked before the
      // transaction may commit: a request beyond the budget rolls back whatever fn did.
      const run = base.withUser(
        userId,
        async (tx) => {
          const [hit, result] = await Promise.allSettled([
            hitStatement(tx, bucket, limit).execute(),
            fn(tx),
          ]);
          refuseBeyond(valueOf(hit)[0]!, limit, KEY_LIMIT_MESSAGE);
          return valueOf(result);
        },
        actorId,
      );
      // A transaction that failed (refused, or fn failed) counted nothing: counted alone.
      counted = run.then(
        () => undefined,
        () => consume(base, bucket, limit, KEY_LIMIT_MESSAGE),
      );
      await counted;
      return run;
    },
    withAnonymous: async (fn) => {
      await countAlone();
      return base.withAnonymous(fn);
    },
    statementAsAnonymous: async (statement) => {
      await countAlone();
      return base.statementAsAnonymous(statement);
    },
  };
  c.set("db", db);
  return countAlone;
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
