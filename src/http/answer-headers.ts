import type { Context } from "hono";

/**
 * Sets headers on the answer a middleware finds after next(). They go on the answer's own
 * headers: hono's c.header() copies the whole answer on every call once it is made, which
 * was several copies per request. An answer whose headers cannot change (one fetched from
 * elsewhere) is copied once, by c.header().
 */
export function setAnswerHeaders(c: Context, headers: readonly (readonly [string, string])[]) {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    for (const [name, value] of headers) c.header(name, value);
  }
}
