import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler, TypedResponse } from "hono";
import type { PendingQuery, Row } from "postgres";
import { every } from "hono/combine";
import type { ApiKeyPermission } from "../credentials/api-keys.ts";
import { bytesOf } from "../database/column-bytes.ts";
import type { Statements, Tx } from "../db.ts";
import { requireUser } from "./auth.ts";
import { answerBody } from "./bytes-body.ts";
import type { AppEnv } from "./context.ts";
import { honourIdempotencyKey } from "./idempotency.ts";
import { requirePermission, type FamilyPermission } from "./permissions.ts";

/**
 * What data routes share: the permission middleware, running a handler's queries
 * as the caller, and the OpenAPI response pieces.
 */

/**
 * requireUser then the family permission; `write` false lets a read-only grant read. An
 * API key needs `data_write` to change data and `data_read` to read it, unless the route
 * names its own key permissions. Writes honour an Idempotency-Key header (idempotency.ts).
 */
export function access(
  permission: FamilyPermission,
  write: boolean,
  keyPermissions: readonly ApiKeyPermission[] = [write ? "data_write" : "data_read"],
): MiddlewareHandler<AppEnv> {
  const user = requireUser(keyPermissions);
  const grant = requirePermission(permission, { write });
  if (write) return every(user, grant, honourIdempotencyKey());
  // Neither answers by itself (each calls next or throws), so plain calls do what every()
  // does without building a composition on every request.
  return (c, next) =>
    user(c, async () => {
      await grant(c, next);
    });
}

/** Runs fn in one transaction as the caller, on whose behalf RLS filters every row. */
export function asCaller<T>(
  c: Context<AppEnv>,
  fn: (tx: Tx, userId: string) => Promise<T>,
): Promise<T> {
  const auth = c.get("auth");
  const db = c.get("db");
  return db.withUser(auth.userId, (tx) => fn(tx, auth.userId), auth.actorId);
}

/**
 * The rows of one statement run as the caller in a single round trip: a read that needs
 * one statement holds no transaction open while its answer travels here and a COMMIT
 * travels back.
 */
export function rowsAsCaller<T extends readonly Row[]>(
  c: Context<AppEnv>,
  statement: (tx: Tx, userId: string) => PendingQuery<T>,
) {
  const auth = c.get("auth");
  const db = c.get("db");
  return db.statementAsUser(
    auth.userId,
    // The statement runs inside the one-trip transaction: to query functions, its tx.
    (sql) => statement(sql as unknown as Tx, auth.userId),
    auth.actorId,
  );
}

/**
 * The rows of statements that do not depend on each other's answers, run as the caller in a
 * single round trip (as rowsAsCaller runs one), in order.
 */
export function allRowsAsCaller<R extends readonly (readonly Row[])[]>(
  c: Context<AppEnv>,
  statements: (tx: Tx, userId: string) => Statements<R>,
) {
  const auth = c.get("auth");
  const db = c.get("db");
  return db.statementsAsUser(
    auth.userId,
    // The statements run inside the one-trip transaction: to query functions, its tx.
    (sql) => statements(sql as unknown as Tx, auth.userId),
    auth.actorId,
  );
}

/**
 * Answers, as JSON of type T, the text one statement builds in PostgreSQL (a `body` column),
 * run as the caller in a single round trip (rowsAsCaller): no row objects, no JSON.stringify.
 */
export async function answerJsonBuiltBy<T>(
  c: Context<AppEnv>,
  statement: (tx: Tx, userId: string) => PendingQuery<{ body: string }[]>,
): Promise<TypedResponse<T, 200, "json">> {
  // The body's bytes as PostgreSQL sent them: never decoded here to be encoded again.
  const [row] = await rowsAsCaller(c, (tx, userId) => bytesOf(statement(tx, userId)));
  return answerJsonText<T>(c, row![0]!);
}

/**
 * Answers JSON (of type T) as it is, text or its UTF-8 bytes (whole or in parts, in order): for
 * answers assembled from JSON built elsewhere.
 */
export function answerJsonText<T>(
  c: Context<AppEnv>,
  json: string | Uint8Array<ArrayBuffer> | readonly Uint8Array<ArrayBuffer>[],
) {
  const answer = c.body(answerBody(json), 200, { "Content-Type": "application/json" });
  return answer as unknown as TypedResponse<T, 200, "json">;
}

const errorSchema = z.object({ error: z.string() });
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});
export const errorResponses = {
  400: json(errorSchema, "Invalid input; the message names the field"),
  401: json(errorSchema, "Not signed in"),
  403: json(errorSchema, "Not permitted"),
  404: json(errorSchema, "Not found, or not the caller's"),
};
export const security = [{ bearerAuth: [] }];
export const messageSchema = z.object({ message: z.string() });

/** A uuid path parameter; a malformed one is a 404 in the handler, like a missing row. */
export const idParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }),
});

/** createRoute for a tracker: its OpenAPI tags and bearer security filled in. */
export const routeIn =
  (tags: string[]) =>
  <R extends Parameters<typeof createRoute>[0]>(r: R) =>
    createRoute({ ...r, tags, security });
