import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { AuthInfo } from "../http/context.ts";
import type { Encoding } from "../lib/compression.ts";
import { entryExists } from "../workouts/read-queries.ts";
import { buildTrackDocument, type TrackDocument, type TrackFormat } from "./track-documents.ts";
import { findTrackDocument, loadTrack, saveTrackDocument } from "./track-queries.ts";

const BODY_OF: Record<Encoding, keyof Omit<TrackDocument, "tag">> = {
  identity: "identity",
  gzip: "gzip",
  br: "brotli",
};

/** The track's answer in one encoding, or null when the workout has no GPS track. */
export type TrackAnswer = { tag: string; body: string | Uint8Array } | null;

/**
 * Reads the stored document of the track's current version; on a miss builds it and, when
 * the owner reads, stores it. A family member's read never writes: a read-only grant may not.
 * Another user's or an unknown entry answers 404.
 */
export async function readTrack(
  tx: Tx,
  auth: AuthInfo,
  request: { entryId: string; format: TrackFormat; encoding: Encoding },
): Promise<TrackAnswer> {
  const { entryId, format, encoding } = request;
  const stored = await findTrackDocument(tx, { userId: auth.userId, entryId, format }, encoding);
  if (!stored) {
    if (!(await entryExists(tx, auth.userId, entryId)))
      throw new HttpError(404, "Exercise entry not found.");
    return null;
  }
  if (stored.tag && stored.body) return { tag: stored.tag, body: stored.body };
  const track = await loadTrack(tx, entryId);
  if (!track) return null;
  const document = buildTrackDocument(entryId, track, format);
  if (auth.actorId === auth.userId) {
    const key = { entryId, userId: auth.userId, format, version: track.version };
    await saveTrackDocument(tx, key, document);
  }
  return { tag: document.tag, body: document[BODY_OF[encoding]] };
}
