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
  return ifNoneMatchTags(header).some((candidate) => candidate === "*" || candidate === tag);
}

/** The content tags If-None-Match names, whatever encoding each was sent in. */
export function ifNoneMatchTags(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(",").map((candidate) =>
    candidate
      .trim()
      .replace(/^W\//, "")
      .replace(/^"(.*)"$/, "$1")
      .replace(/-(gzip|br)$/, ""),
  );
}
