import type { PendingQuery, Row, RowList } from "postgres";
import type { Tx } from "../db.ts";
import { contentTag } from "../http/conditional.ts";
import { cacheDocument, cachedDocument } from "./document-cache.ts";
import { listMetricSamples, samplesVersion, type SamplesQuery } from "./read-queries.ts";

type SamplesRequest = SamplesQuery & {
  format: "points" | "columns";
  /** The tags the client holds (If-None-Match). */
  clientTags: string[];
};

/** How a read runs as the caller: one statement in a single round trip, or a transaction. */
export type SamplesReader = {
  statement: <T extends readonly Row[]>(
    statement: (tx: Tx) => PendingQuery<T>,
  ) => Promise<RowList<T>>;
  transaction: <T>(read: (tx: Tx) => Promise<T>) => Promise<T>;
};

/**
 * A metric's days as the answer's JSON bytes, with a strong tag made from the rows'
 * versions. The rows are read and the answer built only when neither the client (then the
 * body is null: 304) nor this process's document cache holds the current version: the
 * version alone is one round trip.
 */
export async function readSamples(
  reader: SamplesReader,
  request: SamplesRequest,
): Promise<{ tag: string; body: Uint8Array | null }> {
  const { userId, metric, from, to, format } = request;
  const key = `samples:${userId}:${metric}:${from}:${to}:${format}`;
  const [row] = await reader.statement((tx) => samplesVersion(tx, request));
  // Rows of two metrics written together share their versions: the tag names what was asked.
  const current = contentTag(`${key}|${row!.version}`);
  if (request.clientTags.includes(current)) return { tag: current, body: null };
  const cached = cachedDocument(key);
  if (cached?.tag === current) return { tag: current, body: cached.body };
  const data = await reader.transaction((tx) =>
    listMetricSamples(tx, { ...request, columns: request.format === "columns" }),
  );
  // A write committed since the version was read can only make these rows newer than the
  // tag: the next read then finds another version and builds the answer again.
  const body = Buffer.from(JSON.stringify({ data }));
  cacheDocument(key, current, body);
  return { tag: current, body };
}
