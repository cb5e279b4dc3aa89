import type { Tx } from "../db.ts";
import type { Encoding } from "../lib/compression.ts";
import { OPTIONAL_GPS_CHANNELS } from "../workouts/series.ts";
import type { TrackDocument, TrackFormat, TrackRow } from "./track-documents.ts";

const BODY_COLUMN = { identity: "identity", gzip: "gzip", br: "brotli" } as const;

type StoredDocument = { version: string; tag: string | null; body: string | Uint8Array | null };

/**
 * The track's current version and, when a document of that version is stored, its tag and
 * body in `encoding`; undefined when the workout has no track (or is not the caller's).
 * The body is left out (null) when its tag is one of `knownTags`: the caller has it.
 */
export async function findTrackDocument(
  tx: Tx,
  key: { userId: string; entryId: string; format: TrackFormat },
  encoding: Encoding,
  knownTags: string[],
): Promise<StoredDocument | undefined> {
  const [row] = await tx<StoredDocument[]>`
    select t.xmin::text as version, d.etag as tag,
           case when d.etag = any(${tx.array(knownTags, 25)}) then null
                else d.${tx(BODY_COLUMN[encoding])} end as body
      from workout_gps_tracks t
      left join workout_track_documents d
        on d.exercise_entry_id = t.exercise_entry_id and d.format = ${key.format}
       and d.track_version = t.xmin::text
     where t.exercise_entry_id = ${key.entryId} and t.user_id = ${key.userId}`;
  return row;
}

/** The stored track row with its version, to build a document from. */
export async function loadTrack(tx: Tx, entryId: string) {
  const [row] = await tx<(TrackRow & { version: string })[]>`
    select xmin::text as version, base_time, t_offset_ms, lat, lon, segment_starts,
           ${tx(OPTIONAL_GPS_CHANNELS as unknown as string[])}
      from workout_gps_tracks where exercise_entry_id = ${entryId}`;
  return row;
}

/** Keeps the document for this track version, replacing one of an older version. */
export async function saveTrackDocument(
  tx: Tx,
  key: { entryId: string; userId: string; format: TrackFormat; version: string },
  document: TrackDocument,
) {
  await tx`
    insert into workout_track_documents
      (exercise_entry_id, user_id, format, track_version, etag, identity, gzip, brotli)
    values (${key.entryId}, ${key.userId}, ${key.format}, ${key.version}, ${document.tag},
            ${document.identity}, ${document.gzip}, ${document.brotli})
    on conflict (exercise_entry_id, format) do update set
      track_version = excluded.track_version, etag = excluded.etag,
      identity = excluded.identity, gzip = excluded.gzip, brotli = excluded.brotli`;
}
