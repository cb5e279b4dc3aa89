import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { AuthInfo } from "../http/context.ts";
import type { Encoding } from "../lib/compression.ts";
import { entryExists } from "../workouts/read-queries.ts";
import { cacheDocument, cachedDocument } from "./document-cache.ts";
import { buildTrackDocument, type TrackDocument, type TrackFormat } from "./track-documents.ts";
import { findTrackDocument, loadTrack, saveTrackDocument } from "./track-queries.ts";

const BODY_OF: Record<Encoding, keyof Omit<TrackDocument, "tag">> = {
  identity: "identity",
  gzip: "gzip",
  br: "brotli",
};

/**
 * The track's answer in one encoding, or null when the workout has no GPS track. A null
 * body means the client's copy (one of `clientTags`) is current.
 */
export type TrackAnswer = { tag: string; body: Uint8Array | null } | null;

type TrackRequest = {
  entryId: string;
  format: TrackFormat;
  encoding: Encoding;
  /** The content tags the client holds (If-None-Match). */
  clientTags: string[];
};

/**
 * Reads the stored document of the track's current version, leaving out the body when the
 * client or this process's document cache already holds it; on a miss builds it and, when
 * the owner reads, stores it. A family member's read never writes: a read-only grant may
 * not. Another user's or an unknown entry answers 404.
 */
export async function readTrack(
  tx: Tx,
  auth: AuthInfo,
  request: TrackRequest,
): Promise<TrackAnswer> {
  const { entryId, format, encoding } = request;
  const cached = cachedDocument(cacheKey(request));
  const knownTags = cached ? [...request.clientTags, cached.tag] : request.clientTags;
  const key = { userId: auth.userId, entryId, format };
  const stored = await findTrackDocument(tx, key, encoding, knownTags);
  if (!stored) {
    if (!(await entryExists(tx, auth.userId, entryId)))
      throw new HttpError(404, "Exercise entry not found.");
    return null;
  }
  if (stored.tag) {
    if (stored.body === null) {
      return { tag: stored.tag, body: cached?.tag === stored.tag ? cached.body : null };
    }
    return remember(request, stored.tag, stored.body);
  }
  const track = await loadTrack(tx, entryId);
  if (!track) return null;
  const document = buildTrackDocument(entryId, track, format);
  if (auth.actorId === auth.userId) {
    await saveTrackDocument(tx, { ...key, version: track.version }, document);
  }
  return remember(request, document.tag, document[BODY_OF[encoding]]);
}

const cacheKey = (request: TrackRequest) =>
  `track:${request.entryId}:${request.format}:${request.encoding}`;

function remember(request: TrackRequest, tag: string, body: string | Uint8Array) {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  cacheDocument(cacheKey(request), tag, bytes);
  return { tag, body: bytes };
}
