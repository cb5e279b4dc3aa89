import { CrcCalculator } from "@garmin/fitsdk";

const COMPRESSED = 0x80;
const DEFINITION = 0x40;
const DEVELOPER = 0x20;
const TIMESTAMP_FIELD = 253;
const UINT32 = 0x86;

type Definition = {
  /** The definition message as read, header byte included. */
  bytes: Uint8Array;
  bigEndian: boolean;
  /** Byte size of the regular fields, then of the developer fields. */
  fieldsSize: number;
  devSize: number;
  /** Offset of the timestamp field in a data message, or -1. */
  timestampAt: number;
};

/** Whether the file uses compressed-timestamp record headers, which the SDK refuses. */
export function hasCompressedTimestamps(bytes: Uint8Array): boolean {
  let found = false;
  walk(bytes, (header) => {
    if (header & COMPRESSED) found = true;
  });
  return found;
}

/**
 * The same FIT file with every compressed-timestamp header written out as a normal data
 * message carrying its full timestamp (field 253), behind a definition that adds that field;
 * the header's data size and both CRCs are recomputed. Old Forerunners write them.
 */
export function expandCompressedTimestamps(bytes: Uint8Array): Uint8Array {
  const headerSize = bytes[0]!;
  const out: number[] = Array.from(bytes.subarray(0, headerSize));
  const definitions = new Map<number, Definition>();
  // Per local type, whether the last definition written out is the stamped variant.
  const stamped = new Map<number, boolean>();
  let lastTimestamp = 0;
  walk(bytes, (header, message, definition) => {
    if (header & DEFINITION && !(header & COMPRESSED)) {
      definitions.set(header & 0x0f, definition!);
      stamped.set(header & 0x0f, false);
      out.push(...message);
      return;
    }
    const local = header & COMPRESSED ? (header >> 5) & 0x03 : header & 0x0f;
    const def = definitions.get(local)!;
    const data = message.subarray(1);
    if (!(header & COMPRESSED)) {
      if (def.timestampAt >= 0) lastTimestamp = readUint32(data, def.timestampAt, def.bigEndian);
      if (stamped.get(local)) out.push(...def.bytes);
      stamped.set(local, false);
      out.push(...message);
      return;
    }
    const offset = header & 0x1f;
    lastTimestamp =
      (lastTimestamp & ~0x1f) + offset + (offset >= (lastTimestamp & 0x1f) ? 0 : 0x20);
    lastTimestamp >>>= 0;
    if (!stamped.get(local)) out.push(...stampedDefinition(def));
    stamped.set(local, true);
    out.push(local);
    out.push(...data.subarray(0, def.fieldsSize));
    out.push(...uint32Bytes(lastTimestamp, def.bigEndian));
    out.push(...data.subarray(def.fieldsSize));
  });
  const result = new Uint8Array(out.length + 2);
  result.set(out);
  new DataView(result.buffer).setUint32(4, out.length - headerSize, true);
  if (headerSize >= 14)
    new DataView(result.buffer).setUint16(12, CrcCalculator.calculateCRC(result, 0, 12), true);
  new DataView(result.buffer).setUint16(
    out.length,
    CrcCalculator.calculateCRC(result, 0, out.length),
    true,
  );
  return result;
}

/** Calls `visit` for each record of the first FIT file in `bytes`, definitions read. */
function walk(
  bytes: Uint8Array,
  visit: (header: number, message: Uint8Array, definition?: Definition) => void,
) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerSize = bytes[0]!;
  const end = Math.min(bytes.length - 2, headerSize + view.getUint32(4, true));
  const sizes = new Map<number, number>();
  let at = headerSize;
  while (at < end) {
    const header = bytes[at]!;
    if (header & COMPRESSED || !(header & DEFINITION)) {
      const local = header & COMPRESSED ? (header >> 5) & 0x03 : header & 0x0f;
      const size = sizes.get(local);
      if (size === undefined) return;
      visit(header, bytes.subarray(at, at + 1 + size));
      at += 1 + size;
      continue;
    }
    const definition = readDefinition(bytes, at, header);
    sizes.set(header & 0x0f, definition.fieldsSize + definition.devSize);
    visit(header, definition.bytes, definition);
    at += definition.bytes.length;
  }
}

function readDefinition(bytes: Uint8Array, at: number, header: number): Definition {
  const bigEndian = bytes[at + 2] === 1;
  const fieldCount = bytes[at + 5]!;
  let fieldsSize = 0;
  let timestampAt = -1;
  for (let i = 0; i < fieldCount; i++) {
    const field = at + 6 + i * 3;
    if (bytes[field] === TIMESTAMP_FIELD && bytes[field + 1] === 4) timestampAt = fieldsSize;
    fieldsSize += bytes[field + 1]!;
  }
  let length = 6 + fieldCount * 3;
  let devSize = 0;
  if (header & DEVELOPER) {
    const devCount = bytes[at + length]!;
    for (let i = 0; i < devCount; i++) devSize += bytes[at + length + 1 + i * 3 + 1]!;
    length += 1 + devCount * 3;
  }
  return { bytes: bytes.subarray(at, at + length), bigEndian, fieldsSize, devSize, timestampAt };
}

/** The definition with a uint32 timestamp field after its regular fields. */
function stampedDefinition(def: Definition): number[] {
  const fieldCount = def.bytes[5]!;
  const fieldsEnd = 6 + fieldCount * 3;
  return [
    ...def.bytes.subarray(0, 5),
    fieldCount + 1,
    ...def.bytes.subarray(6, fieldsEnd),
    TIMESTAMP_FIELD,
    4,
    UINT32,
    ...def.bytes.subarray(fieldsEnd),
  ];
}

function readUint32(data: Uint8Array, at: number, bigEndian: boolean): number {
  return new DataView(data.buffer, data.byteOffset + at, 4).getUint32(0, !bigEndian);
}

function uint32Bytes(value: number, bigEndian: boolean): number[] {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, value, !bigEndian);
  return Array.from(b);
}
