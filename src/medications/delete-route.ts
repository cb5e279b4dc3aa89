import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Tx } from "../db.ts";
import type { AppEnv } from "../http/context.ts";
import {
  bearerSecurity as security,
  errorResponses,
  found,
  idParams,
  requireId,
} from "../http/openapi-kit.ts";
import { inUserTx } from "../http/user-tx.ts";
import { writeAccess } from "./access.ts";

type Remove = (tx: Tx, userId: string, id: string) => Promise<unknown>;

/**
 * The route and handler of every medication-area DELETE by id: 204 when the caller's row was
 * removed, else the 404 `notFound`. Spread into `.openapi(...)`.
 */
export function deleteById(options: {
  path: string;
  summary: string;
  tag: string;
  notFound: string;
  remove: Remove;
}) {
  const { path, summary, tag, notFound, remove } = options;
  const route = createRoute({
    method: "delete",
    path,
    summary,
    tags: [tag],
    security,
    middleware: writeAccess,
    request: { params: idParams("id") },
    responses: { 204: { description: "Deleted" }, ...errorResponses },
  });
  const handler = async (c: Context<AppEnv>) => {
    const id = requireId(c.req.param("id"), notFound);
    found((await inUserTx(c, (tx) => remove(tx, c.var.auth.userId, id))) || null, notFound);
    return c.body(null, 204);
  };
  return [route, handler] as const;
}
