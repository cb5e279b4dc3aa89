import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { AUTH_BODY_LIMIT } from "./body-limit.ts";
import { isUuid } from "./path-params.ts";

/** Small pieces every domain's createRoute declarations repeat. */

export const bearerSecurity = [{ bearerAuth: [] }];

export const errorBody = z.object({ error: z.string() });

/** A JSON request or response body with `schema`. */
export const json = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
});

/** The error statuses of an authenticated data route. */
export const errorResponses = {
  400: { description: "Invalid input; the message names the field", ...json(errorBody) },
  401: { description: "Not signed in", ...json(errorBody) },
  403: { description: "Not permitted", ...json(errorBody) },
  404: { description: "Not found, or not the caller's", ...json(errorBody) },
};

/** A path parameter holding an id; checked by `requireId` so a malformed one is a 404. */
export const idParams = (...names: string[]) =>
  z.object(
    Object.fromEntries(
      names.map((name) => [name, z.string().openapi({ param: { name, in: "path" } })]),
    ),
  );

/** The id itself, or the 404 `message` when it cannot be one (never a SQL error). */
export function requireId(value: string | undefined, message: string): string {
  if (value && isUuid(value)) return value;
  throw new HttpError(404, message);
}

/** A found row, or the 404 `message`. */
export function found<T>(row: T | null | undefined, message: string): T {
  if (row === null || row === undefined) throw new HttpError(404, message);
  return row;
}

type OpenApiDocument = { paths?: object };
const BODY_METHODS = ["post", "put", "patch", "delete"];

/**
 * Adds the 413 of the /api/auth/ body limit (applied by middleware, so no route declares it)
 * to every operation under that prefix that takes a body. Called once, on the whole document.
 */
export function withAuthBodyLimit<T extends OpenApiDocument>(document: T): T {
  for (const [path, item] of Object.entries(document.paths ?? {}) as [string, object][]) {
    if (!path.startsWith(AUTH_BODY_LIMIT.prefix) || !item) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!BODY_METHODS.includes(method)) continue;
      const responses = ((operation as { responses?: Record<string, unknown> }).responses ??= {});
      responses["413"] ??= { description: "Body over 64 KB", ...json(errorBody) };
    }
  }
  return document;
}
