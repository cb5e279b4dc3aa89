import type { Encoding } from "../lib/compression.ts";

/**
 * Strong validators for answers a client reads again and again (tracks, a day's samples).
 * One tag names the content; each encoding of it is sent as its own strong tag
 * (`"tag"`, `"tag-gzip"`, `"tag-br"`), and any of them revalidates the content.
 */

/** The tag of the exact bytes (or text) of the uncompressed answer. */
export function contentTag(body: string | Uint8Array): string {
  return `${Bun.hash.wyhash(body).toString(36)}${body.length.toString(36)}`;
}

/** The ETag header value of the content tag in one encoding. */
export function etagHeader(tag: string, encoding: Encoding): string {
  return encoding === "identity" ? `"${tag}"` : `"${tag}-${encoding}"`;
}

/** Whether If-None-Match names this content (in any encoding), or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim().replace(/^W\//, "");
    if (value === "*") return true;
    const unquoted = value.replace(/^"(.*)"$/, "$1").replace(/-(gzip|br)$/, "");
    return unquoted === tag;
  });
}
