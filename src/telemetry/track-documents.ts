import { contentTag } from "../http/conditional.ts";
import { compress } from "../lib/compression.ts";
import { OPTIONAL_GPS_CHANNELS, type OptionalGpsChannel } from "../workouts/series.ts";
import { isoInstants } from "../lib/iso-instants.ts";

export type TrackFormat = "points" | "columns";

/** A stored track row: per-channel arrays, offsets in ms after base_time. */
export type TrackRow = {
  base_time: Date;
  t_offset_ms: number[];
  lat: number[];
  lon: number[];
  /** Indexes of the points that begin a segment after a pause; null for one segment. */
  segment_starts: number[] | null;
} & Record<OptionalGpsChannel, (number | null)[] | null>;

/** A read route's whole answer, `{"data": ...}`, in every encoding, with its content tag. */
export type TrackDocument = {
  tag: string;
  identity: string;
  gzip: Uint8Array;
  brotli: Uint8Array;
};

function channelsOf(row: TrackRow) {
  return OPTIONAL_GPS_CHANNELS.filter((name) => row[name] !== null);
}

/**
 * The answer's data: `points` holds one object per point (`t`, `lat`, `lon` and every
 * channel the device recorded; `new_segment: true` on a point that begins a segment after a
 * pause), the shape existing clients read; `columns` holds the base time, the offsets, one
 * array per recorded channel and `segment_starts`, a fraction of the size to parse.
 */
function trackData(entryId: string, row: TrackRow, format: TrackFormat) {
  const start = row.base_time.toISOString();
  const channels = channelsOf(row);
  if (format === "columns") {
    const data: Record<string, unknown> = {
      exercise_entry_id: entryId,
      start_time: start,
      base_time: start,
      t_offset_ms: row.t_offset_ms,
      lat: row.lat,
      lon: row.lon,
    };
    for (const name of channels) data[name] = row[name];
    if (row.segment_starts) data.segment_starts = row.segment_starts;
    return data;
  }
  const segmentStarts = new Set(row.segment_starts);
  const times = isoInstants(row.base_time.getTime(), row.t_offset_ms);
  const points = times.map((t, i) => {
    const point: Record<string, unknown> = {
      t,
      lat: row.lat[i],
      lon: row.lon[i],
    };
    for (const name of channels) point[name] = row[name]![i];
    if (segmentStarts.has(i)) point.new_segment = true;
    return point;
  });
  return { exercise_entry_id: entryId, start_time: start, points };
}

/** Serializes and compresses the track once, for every later read to send as it is. */
export function buildTrackDocument(
  entryId: string,
  row: TrackRow,
  format: TrackFormat,
): TrackDocument {
  const identity = JSON.stringify({ data: trackData(entryId, row, format) });
  const bytes = Buffer.from(identity);
  return {
    tag: contentTag(identity),
    identity,
    gzip: compress(bytes, "gzip", "small"),
    brotli: compress(bytes, "br", "small"),
  };
}
