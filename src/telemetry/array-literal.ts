/**
 * A numeric array as PostgreSQL array text ("{1,2.5,NULL}"), for a parameter the server
 * reads as integer[], real[] or double precision[]. postgres.js would quote and escape every
 * element, which for a 2,000-point workout's channels costs a few ms per request.
 */
export function toArrayLiteral(values: readonly (number | null)[]): string {
  if (!values.includes(null)) return `{${values.join(",")}}`;
  return `{${values.map((v) => (v === null ? "NULL" : v)).join(",")}}`;
}

/**
 * Times as whole milliseconds after `base`, as integer[] text. `| 0` makes each offset an
 * int32, which join formats several times faster than the same value held as a double; a
 * fraction of a millisecond is dropped. Callers keep the span within int32 range.
 */
export function toOffsetsLiteral(times: readonly number[], base: number): string {
  return `{${times.map((t) => (t - base) | 0).join(",")}}`;
}
