import type { Encoding } from "../lib/compression.ts";
import type { TrackFormat } from "./track-documents.ts";

/**
 * Track documents recently sent, as the bytes of one encoding, so a repeated read costs
 * the database only the lookup of the track's current tag (under RLS, as the caller) and
 * not the transfer of the document. A body is sent only when that lookup answers the tag
 * it was cached under: an edited track has a new tag, another user's read finds no row.
 * Least recently used first out, within DOCUMENT_CACHE_BYTES.
 */
export const DOCUMENT_CACHE_BYTES = 16 * 1024 * 1024;

type Cached = { tag: string; body: Uint8Array };
const documents = new Map<string, Cached>();
let bytes = 0;

type Key = { entryId: string; format: TrackFormat; encoding: Encoding };
const keyOf = (key: Key) => `${key.entryId}:${key.format}:${key.encoding}`;

/** The cached body for the key, with the tag it was cached under. */
export function cachedDocument(key: Key): Cached | undefined {
  const name = keyOf(key);
  const hit = documents.get(name);
  if (!hit) return undefined;
  // Most recently used last: Map iteration order is insertion order.
  documents.delete(name);
  documents.set(name, hit);
  return hit;
}

export function cacheDocument(key: Key, tag: string, body: Uint8Array): void {
  const name = keyOf(key);
  forget(name);
  if (body.byteLength > DOCUMENT_CACHE_BYTES / 4) return;
  documents.set(name, { tag, body });
  bytes += body.byteLength;
  for (const oldest of documents.keys()) {
    if (bytes <= DOCUMENT_CACHE_BYTES) break;
    forget(oldest);
  }
}

function forget(name: string): void {
  const old = documents.get(name);
  if (!old) return;
  documents.delete(name);
  bytes -= old.body.byteLength;
}
