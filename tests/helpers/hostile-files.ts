import { CrcCalculator } from "@garmin/fitsdk";
import { Deflate } from "fflate";
import type { TestContext } from "./test-app.ts";

/**
 * Crafted uploads, built small in the test: deflate streams that inflate a thousand times,
 * and zips written byte by byte so their headers can lie.
 */

/** `prefix`, then `bytes` of `fill` repeated, deflated as a stream (never held inflated). */
export function deflatedRepeat(
  bytes: number,
  fill: Uint8Array = new Uint8Array(1024 * 1024),
  prefix: Uint8Array = new Uint8Array(0),
) {
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => void parts.push(chunk));
  deflate.push(prefix, false);
  for (let left = bytes; left > 0; left -= fill.length)
    deflate.push(left >= fill.length ? fill : fill.subarray(0, left), false);
  deflate.push(new Uint8Array(0), true);
  return Buffer.concat(parts);
}

export type RawMember = {
  name: string;
  /** The member's data as stored (deflated unless method is 0). */
  data: Uint8Array;
  /** The inflated size the headers declare (the truth or a lie). */
  declaredSize: number;
  method?: 0 | 8;
};

/**
 * A zip of `members` with the sizes they declare. Each member is listed `listed` times in
 * the central directory (every listing pointing at the one local copy): the shape of a
 * zip that tells a reader trusting the directory to inflate one member hundreds of times.
 */
export function rawZip(members: RawMember[], listed = 1): Uint8Array {
  const locals: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const m of members) {
    const name = new TextEncoder().encode(m.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, m.method ?? 8, true);
    local.setUint32(18, m.data.length, true);
    local.setUint32(22, m.declaredSize, true);
    local.setUint16(26, name.length, true);
    locals.push(new Uint8Array(local.buffer), name, m.data);
    for (let i = 0; i < listed; i++) {
      const entry = new DataView(new ArrayBuffer(46));
      entry.setUint32(0, 0x02014b50, true);
      entry.setUint16(4, 20, true);
      entry.setUint16(6, 20, true);
      entry.setUint16(10, m.method ?? 8, true);
      entry.setUint32(20, m.data.length, true);
      entry.setUint32(24, m.declaredSize, true);
      entry.setUint16(28, name.length, true);
      entry.setUint32(42, offset, true);
      central.push(new Uint8Array(entry.buffer), name);
    }
    offset += 30 + name.length + m.data.length;
  }
  const directory = Buffer.concat(central);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  const count = Math.min(members.length * listed, 0xffff);
  end.setUint16(8, count, true);
  end.setUint16(10, count, true);
  end.setUint32(12, directory.length, true);
  end.setUint32(16, offset, true);
  return Buffer.concat([...locals, directory, new Uint8Array(end.buffer)]);
}

/**
 * The longest /api/health may wait while a hostile file is read: a liveness bound, not a
 * speed figure. Inflating is cut into steps that yield (1-2 s answers at worst on a loaded
 * two-core machine, garbage collection included); the old code held the loop 20 s per GB.
 */
export const HEALTH_HELD_MS = 8_000;

export type Watched<T> = {
  result: T;
  /** The slowest /api/health answer while `work` ran, in ms. */
  slowestHealthMs: number;
  /** Resident memory at its peak over what it was before, in MB. */
  peakGrowthMb: number;
};

/**
 * Runs `work` against the app while /api/health is asked every 200 ms and resident memory
 * sampled every 100 ms: a request that held the event loop shows as a slow answer.
 */
export async function watchServer<T>(
  ctx: TestContext,
  work: () => Promise<T>,
): Promise<Watched<T>> {
  Bun.gc(true);
  const before = process.memoryUsage().rss;
  let peak = before;
  let slowest = 0;
  let running = true;
  const memory = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const probe = (async () => {
    while (running) {
      // Counted from when the probe was due: a held event loop delays the timer too.
      const due = performance.now() + 200;
      await Bun.sleep(200);
      const res = await ctx.request("/api/health");
      if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
      slowest = Math.max(slowest, performance.now() - due);
    }
  })();
  try {
    const result = await work();
    return { result, slowestHealthMs: slowest, peakGrowthMb: (peak - before) / 1024 / 1024 };
  } finally {
    running = false;
    clearInterval(memory);
    await probe;
  }
}

/**
 * A valid FIT activity of `records` record messages, each a timestamp only (5 bytes): a
 * few megabytes that a zip shrinks a thousandfold.
 */
export function repetitiveFit(records: number): Uint8Array {
  const dataSize = 6 + 3 + records * 5;
  const bytes = new Uint8Array(14 + dataSize + 2);
  const view = new DataView(bytes.buffer);
  bytes.set([14, 0x20], 0);
  view.setUint16(2, 2195, true);
  view.setUint32(4, dataSize, true);
  bytes.set(new TextEncoder().encode(".FIT"), 8);
  // Definition of local message 0: the record message (20) with field 253, a uint32 timestamp.
  bytes.set([0x40, 0, 0, 20, 0, 1, 253, 4, 0x86], 14);
  for (let i = 0, at = 23; i < records; i++, at += 5) view.setUint32(at + 1, 1_100_000_000, true);
  view.setUint16(14 + dataSize, CrcCalculator.calculateCRC(bytes, 0, 14 + dataSize), true);
  return bytes;
}
