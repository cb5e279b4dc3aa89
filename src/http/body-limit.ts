import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "./context.ts";

/** Sign-in, sign-up and the rest of /api/auth/ take small bodies, mostly from anonymous callers. */
export const AUTH_BODY_LIMIT = {
  prefix: "/api/auth/",
  maxBytes: 64 * 1024,
  tooLarge: "Request body too large (limit 64 KB).",
};

/**
 * Refuses a body over `maxBytes` with 413 `tooLarge`, without reading it here: a declared
 * length is checked up front; a chunked body (which declares none) is counted as whoever
 * needs it reads it, a chunk at a time. So an anonymous request reaches its route's
 * authentication unread, and its 401 costs no memory (hono's bodyLimit reads a chunked
 * body whole, before any route, to count it).
 */
export function limitBody(maxBytes: number, tooLarge: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      if (Number.parseInt(declared, 10) > maxBytes) throw new HttpError(413, tooLarge);
      return next();
    }
    let size = 0;
    let overflowed = false;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size <= maxBytes) return controller.enqueue(chunk);
        overflowed = true;
        controller.error(new HttpError(413, tooLarge));
      },
    });
    c.req.raw = new Request(raw, { body: raw.body.pipeThrough(counter) });
    await next();
    // A reader that failed on the cut body may have answered 400 for it: the cause is the size.
    if (overflowed) throw new HttpError(413, tooLarge);
  };
}
