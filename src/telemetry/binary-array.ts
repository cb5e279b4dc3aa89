import type { Tx } from "../db.ts";

/**
 * Numeric arrays as PostgreSQL's binary array format (what array_send writes), sent as
 * binary parameters (scripts/patch-postgres.mjs). A 2,000-point workout's channels as array
 * text cost a few milliseconds a request: formatting every number in JavaScript, then
 * parsing it again in PostgreSQL (strtod). In binary, each element is copied as it is.
 */
const ELEMENTS = {
  int4: { oid: 23, arrayOid: 1007, bytes: 4 },
  float4: { oid: 700, arrayOid: 1021, bytes: 4 },
  float8: { oid: 701, arrayOid: 1022, bytes: 8 },
} as const;

export type ElementType = keyof typeof ELEMENTS;

const HEADER_BYTES = 20;
const NULL_LENGTH = -1;

/**
 * An integer[], real[] or double precision[] parameter holding `values`; null elements are
 * NULL. Values must be finite; int4 values are truncated to int32, float4 rounded to float32.
 */
export function arrayParameter(
  tx: Tx,
  values: readonly (number | null)[],
  type: ElementType,
): ArrayParameter {
  return tx.typed(encodeArray(values, type), ELEMENTS[type].arrayOid);
}

export type ArrayParameter = ReturnType<Tx["typed"]>;

/** Integer milliseconds after `base`, as an integer[] parameter; fractions are dropped. */
export function offsetsParameter(tx: Tx, times: readonly number[], base: number) {
  return arrayParameter(
    tx,
    times.map((t) => t - base),
    "int4",
  );
}

export function encodeArray(values: readonly (number | null)[], type: ElementType): Uint8Array {
  const element = ELEMENTS[type];
  const nonNull = values.reduce<number>((count, v) => (v === null ? count : count + 1), 0);
  const size = HEADER_BYTES + values.length * 4 + nonNull * element.bytes;
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  // Header: dimensions, has-nulls flag, element type; then the one dimension's length and
  // lower bound. An empty array has no dimension.
  view.setInt32(0, values.length === 0 ? 0 : 1);
  view.setInt32(4, nonNull < values.length ? 1 : 0);
  view.setInt32(8, element.oid);
  if (values.length === 0) return bytes.subarray(0, 12);
  view.setInt32(12, values.length);
  view.setInt32(16, 1);
  let at = HEADER_BYTES;
  for (const value of values) {
    if (value === null) {
      view.setInt32(at, NULL_LENGTH);
      at += 4;
      continue;
    }
    view.setInt32(at, element.bytes);
    if (type === "float8") view.setFloat64(at + 4, value);
    else if (type === "float4") view.setFloat32(at + 4, value);
    else view.setInt32(at + 4, value);
    at += 4 + element.bytes;
  }
  return bytes;
}
