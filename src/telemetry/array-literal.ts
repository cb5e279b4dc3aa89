/**
 * A numeric array as PostgreSQL array text ("{1,2.5,NULL}"), for a parameter the server
 * reads as integer[], real[] or double precision[]. postgres.js would quote and escape every
 * element, which for a 2,000-point workout's channels costs a few ms per request.
 */
export function toArrayLiteral(values: readonly (number | null)[]): string {
  if (!values.includes(null)) return `{${values.join(",")}}`;
  return `{${values.map((v) => (v === null ? "NULL" : v)).join(",")}}`;
}
