import type { Writable } from "node:stream";

/**
 * A minimal ustar writer and reader for backup archives: regular files only, streamed, so
 * neither side holds a whole table or photo in memory. Standard `tar -tzf` reads the result.
 */

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // 11 octal digits

export type TarEntry = { name: string; size: number; body: AsyncIterable<Uint8Array> };

/** Writes one entry: the header, the bytes (exactly `size` of them), then padding. */
export async function writeTarEntry(out: Writable, entry: TarEntry): Promise<void> {
  if (entry.size > MAX_SIZE) throw new Error(`${entry.name} is too large for the archive`);
  await write(out, tarHeader(entry.name, entry.size));
  let written = 0;
  for await (const chunk of entry.body) {
    written += chunk.length;
    if (written > entry.size) break;
    await write(out, chunk);
  }
  if (written !== entry.size) throw new Error(`${entry.name} changed while it was archived`);
  const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
  if (padding) await write(out, new Uint8Array(padding));
}

/** The two zero blocks that end an archive. */
export function finishTar(out: Writable): Promise<void> {
  return write(out, new Uint8Array(BLOCK * 2));
}

/**
 * Resolves once `out` takes more. A stream destroyed meanwhile (its destination failed: a full
 * disk) never drains: its error, or its closing, rejects instead of waiting for ever.
 */
function write(out: Writable, data: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = () => reject(out.errored ?? new Error("The archive's output was closed."));
    if (out.destroyed) return failed();
    if (out.write(data, (error) => (error ? reject(error) : undefined))) return resolve();
    const settle = (next: () => void) => () => {
      out.off("drain", drained).off("close", closed);
      next();
    };
    const drained = settle(resolve);
    const closed = settle(failed);
    out.once("drain", drained).once("close", closed);
  });
}

function tarHeader(name: string, size: number): Uint8Array {
  const header = new Uint8Array(BLOCK);
  const text = new TextEncoder();
  const nameBytes = text.encode(name);
  // Names longer than 100 bytes go into the ustar prefix field, split at a slash.
  let prefix = new Uint8Array(0);
  let short = nameBytes;
  if (nameBytes.length > 100) {
    const cut = name.lastIndexOf("/", 155);
    if (cut < 0 || name.length - cut - 1 > 100) throw new Error(`Name too long for tar: ${name}`);
    prefix = text.encode(name.slice(0, cut));
    short = text.encode(name.slice(cut + 1));
  }
  header.set(short, 0);
  header.set(text.encode("0000600\0"), 100);
  header.set(text.encode("0000000\0"), 108);
  header.set(text.encode("0000000\0"), 116);
  header.set(text.encode(size.toString(8).padStart(11, "0") + "\0"), 124);
  header.set(
    text.encode(
      Math.floor(Date.now() / 1000)
        .toString(8)
        .padStart(11, "0") + "\0",
    ),
    136,
  );
  header.set(text.encode("        "), 148);
  header[156] = "0".charCodeAt(0);
  header.set(text.encode("ustar\0" + "00"), 257);
  header.set(prefix, 345);
  const sum = header.reduce((a, b) => a + b, 0);
  header.set(text.encode(sum.toString(8).padStart(6, "0") + "\0 "), 148);
  return header;
}

/**
 * Reads entries from a tar byte stream. `onEntry` gets each entry's name, size and an
 * iterable of its bytes; it must consume the body before returning.
 */
export async function readTar(
  input: AsyncIterable<Uint8Array>,
  onEntry: (entry: TarEntry) => Promise<void>,
): Promise<void> {
  const reader = new ByteReader(input[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.take(BLOCK);
    if (!header) throw new Error("The archive ends early.");
    if (header.every((b) => b === 0)) return;
    const field = (start: number, length: number) =>
      new TextDecoder().decode(header.subarray(start, start + length)).replace(/\0.*$/s, "");
    const size = parseInt(field(124, 12).trim() || "0", 8);
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    if (!Number.isSafeInteger(size) || size < 0) throw new Error("The archive is damaged.");
    let consumed = false;
    const body = (async function* () {
      let left = size;
      while (left > 0) {
        const chunk = await reader.takeSome(left);
        if (!chunk) throw new Error("The archive ends early.");
        left -= chunk.length;
        yield chunk;
      }
      consumed = true;
    })();
    await onEntry({ name, size, body });
    if (!consumed) for await (const _ of body);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding && !(await reader.take(padding))) throw new Error("The archive ends early.");
  }
}

class ByteReader {
  private buffer: Uint8Array = new Uint8Array(0);
  constructor(private source: AsyncIterator<Uint8Array>) {}

  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.buffer = this.buffer.length ? concat(this.buffer, next.value) : next.value;
    return true;
  }

  /** Exactly n bytes, or null at the end of input. */
  async take(n: number): Promise<Uint8Array | null> {
    while (this.buffer.length < n) if (!(await this.fill())) return null;
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** Between 1 and max bytes, or null at the end of input. */
  async takeSome(max: number): Promise<Uint8Array | null> {
    if (!this.buffer.length && !(await this.fill())) return null;
    const out = this.buffer.subarray(0, Math.min(max, this.buffer.length));
    this.buffer = this.buffer.subarray(out.length);
    return out;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
