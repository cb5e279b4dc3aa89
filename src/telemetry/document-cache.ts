/**
 * Answers recently sent (a track in one encoding, a day's samples), so a repeated read costs
 * the database only the lookup of the data's current version (under RLS, as the caller) and
 * not the transfer or building of the answer. A body is sent only when that lookup answers
 * the version it was cached under: edited data has a new version, another user's read finds
 * no row. Least recently used first out, within DOCUMENT_CACHE_BYTES.
 */
export const DOCUMENT_CACHE_BYTES = 16 * 1024 * 1024;

type Cached = { tag: string; body: Uint8Array };
const documents = new Map<string, Cached>();
let bytes = 0;

/** The cached body for the key, with the tag it was cached under. */
export function cachedDocument(name: string): Cached | undefined {
  const hit = documents.get(name);
  if (!hit) return undefined;
  // Most recently used last: Map iteration order is insertion order.
  documents.delete(name);
  documents.set(name, hit);
  return hit;
}

export function cacheDocument(name: string, tag: string, body: Uint8Array): void {
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
