import type { Context } from "hono";
import type { Tx } from "../db.ts";
import type { AppEnv } from "./context.ts";

/** Runs `fn` in the request's transaction: whose data (userId) and who acts (actorId), under RLS. */
export function inUserTx<T>(c: Context<AppEnv>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const { userId, actorId } = c.get("auth");
  return c.get("db").withUser(userId, fn, actorId);
}
