import type { MiddlewareHandler } from "hono";
import { compress, preferredEncoding } from "../lib/compression.ts";
import type { AppEnv } from "./context.ts";

const MIN_BYTES = 1024;
// Text the client reads whole. Event streams are excluded: they must flow as written.
const COMPRESSIBLE =
  /^(application\/(json|javascript|xml|manifest\+json)|text\/(?!event-stream)|image\/svg\+xml)/;

/**
 * Compresses answers over 1 kB with brotli or gzip, as the client accepts. Answers that
 * already carry a Content-Encoding (precompressed documents) pass through untouched.
 */
export function compressResponses(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type") ?? "";
    if (c.req.method === "HEAD" || res.status !== 200 || !res.body) return;
    if (res.headers.has("Content-Encoding") || !COMPRESSIBLE.test(type)) return;
    if (!/accept-encoding/i.test(res.headers.get("Vary") ?? ""))
      res.headers.append("Vary", "Accept-Encoding");
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    if (encoding === "identity") return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    // Hono merges the old answer's headers into a new one unless it is cleared first.
    c.res = undefined;
    if (body.byteLength < MIN_BYTES) {
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    const etag = headers.get("ETag");
    if (etag?.endsWith('"')) headers.set("ETag", `${etag.slice(0, -1)}-${encoding}"`);
    headers.set("Content-Encoding", encoding);
    headers.delete("Content-Length");
    c.res = new Response(compress(body, encoding, "fast"), { status: res.status, headers });
  };
}
