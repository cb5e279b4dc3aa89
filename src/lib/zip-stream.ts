import { formatBytes, UPLOAD_LIMITS, UploadLimitError, yielder } from "./upload-limits.ts";

/** A zip that cannot be read (not a zip, a damaged member); answered as a 400. */
export class ZipFormatError extends Error {}

/**
 * What to do with one member: receive its bytes as they inflate (awaited before more are
 * read), or null to skip it.
 */
export type MemberSink = ((bytes: Uint8Array, final: boolean) => void | Promise<void>) | null;

export type ZipLimits = {
  /** Members, counted as their local headers go by (directories included). */
  entries: number;
  /** Inflated bytes of all members read. */
  bytes: number;
  /** Inflated bytes of any one member read. */
  memberBytes?: number;
};

// Compressed bytes pushed at a time: deflate inflates at most about 1,032 times, so one
// push yields at most about a megabyte (fflate takes some 100 ms for that at its worst).
const PUSH_BYTES = 1024;
const FEED_BYTES = 1024 * 1024;

type Pending = { sink: Exclude<MemberSink, null>; bytes: Uint8Array; final: boolean };

/**
 * Streams a zip member by member, never holding a member whole and never trusting the
 * sizes it declares: the bytes actually inflated and the members are counted against
 * `limits`, and an excess throws UploadLimitError. `open` chooses the members to read;
 * `drain` runs (awaited) after every push, so a sink's buffered work is written before
 * more is inflated. Long runs yield to the event loop. Not a zip: ZipFormatError.
 */
export async function streamZip(
  source: Uint8Array | AsyncIterable<Uint8Array>,
  open: (name: string) => MemberSink,
  drain: () => Promise<void>,
  limits: ZipLimits,
): Promise<void> {
  // Loaded on first use, like every library of a rarely used feature (README, "Memory").
  const { Unzip, UnzipInflate, UnzipPassThrough } = await import("fflate");
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  const memberLimit = limits.memberBytes ?? UPLOAD_LIMITS.zipMemberBytes;
  const pending: Pending[] = [];
  let failure: Error | null = null;
  let entries = 0;
  let total = 0;
  unzip.onfile = (file) => {
    if (++entries > limits.entries)
      failure ??= new UploadLimitError(`The zip has more than ${limits.entries} entries.`);
    const sink = failure ? null : open(file.name);
    if (!sink) return;
    let inflated = 0;
    file.ondata = (error, bytes, final) => {
      if (failure) return;
      if (error) {
        failure = new ZipFormatError(`The zip member ${file.name} is damaged: ${error.message}`);
        return;
      }
      inflated += bytes.length;
      total += bytes.length;
      if (inflated > memberLimit)
        failure = new UploadLimitError(
          `The zip member ${file.name} inflates to more than ${formatBytes(memberLimit)}.`,
        );
      else if (total > limits.bytes)
        failure = new UploadLimitError(
          `The zip inflates to more than ${formatBytes(limits.bytes)}.`,
        );
      else pending.push({ sink, bytes, final });
      if (failure) file.terminate();
    };
    file.start();
  };
  const pause = yielder();
  const feed = async () => {
    for (let item = pending.shift(); item; item = pending.shift()) {
      for (let at = 0; at < item.bytes.length || at === 0; at += FEED_BYTES) {
        const end = at + FEED_BYTES >= item.bytes.length;
        await item.sink(item.bytes.subarray(at, at + FEED_BYTES), item.final && end);
        await pause();
      }
    }
    await drain();
  };
  const push = async (bytes: Uint8Array, final: boolean) => {
    try {
      unzip.push(bytes, final);
    } catch (error) {
      throw new ZipFormatError(`The zip file could not be read: ${(error as Error).message}`);
    }
    if (failure) throw failure;
    await feed();
    await pause();
  };
  let first = true;
  for await (const chunk of source instanceof Uint8Array ? [source] : source) {
    if (first && !(chunk[0] === 0x50 && chunk[1] === 0x4b))
      throw new ZipFormatError("The upload is not a zip file.");
    first = false;
    for (let at = 0; at < chunk.length; at += PUSH_BYTES)
      await push(chunk.subarray(at, at + PUSH_BYTES), false);
  }
  if (first) throw new ZipFormatError("The upload is empty.");
  await push(new Uint8Array(0), true);
}

/** The members `keep` chooses, each whole, in zip order: streamZip's counting applies. */
export async function unzipMembers(
  bytes: Uint8Array,
  keep: (name: string) => boolean,
  limits: ZipLimits,
): Promise<{ name: string; bytes: Uint8Array }[]> {
  const members: { name: string; bytes: Uint8Array }[] = [];
  await streamZip(
    bytes,
    (name) => {
      if (!keep(name)) return null;
      const parts: Uint8Array[] = [];
      return (part, final) => {
        parts.push(part);
        if (final) members.push({ name, bytes: Buffer.concat(parts) });
      };
    },
    async () => {},
    limits,
  );
  return members;
}
