import type { PendingQuery, Row } from "postgres";

/**
 * A statement's rows as arrays of each column's bytes, as PostgreSQL sent them (postgres.js's
 * `raw`): JSON built in PostgreSQL reaches an answer without being decoded into a string and
 * encoded back.
 */
export const bytesOf = <T extends readonly Row[]>(query: PendingQuery<T>) =>
  query.raw() as unknown as PendingQuery<Uint8Array<ArrayBuffer>[][]>;

/** The rows bytesOf read, with the names of their columns. */
export type ColumnBytes = readonly Uint8Array<ArrayBuffer>[][] & {
  columns: readonly { name: string | number | symbol }[];
};
