import { ImportFormatError } from "./csv.ts";

/** What to do with one member: receive its bytes as they inflate, or null to skip it. */
export type MemberSink = ((bytes: Uint8Array, final: boolean) => void) | null;

// Compressed bytes pushed at a time: XML inflates about tenfold, so whatever a sink buffers
// from one push stays around a megabyte, and the caller drains it before the next.
const PUSH_BYTES = 64 * 1024;

/**
 * Streams a zip file from disk member by member, never holding a member whole: `open`
 * chooses the members to read, and `drain` runs (awaited) after every push, so a sink's
 * buffered work is written before more is inflated. Not a zip: ImportFormatError.
 */
export async function streamZip(
  path: string,
  open: (name: string) => MemberSink,
  drain: () => Promise<void>,
): Promise<void> {
  // Loaded on first use, like every library of a rarely used feature (README, "Memory").
  const { Unzip, UnzipInflate } = await import("fflate");
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  let failure: Error | null = null;
  unzip.onfile = (file) => {
    const sink = open(file.name);
    if (!sink) return;
    file.ondata = (error, bytes, final) => {
      if (error)
        failure = new ImportFormatError(`The zip member ${file.name} is damaged: ${error.message}`);
      else if (!failure) {
        try {
          sink(bytes, final);
        } catch (sinkError) {
          failure = sinkError as Error;
        }
      }
    };
    file.start();
  };
  let first = true;
  for await (const chunk of Bun.file(path).stream()) {
    if (first && !(chunk[0] === 0x50 && chunk[1] === 0x4b))
      throw new ImportFormatError("The upload is not a zip file.");
    first = false;
    for (let at = 0; at < chunk.length; at += PUSH_BYTES) {
      try {
        unzip.push(chunk.subarray(at, at + PUSH_BYTES));
      } catch (error) {
        throw new ImportFormatError(`The zip file could not be read: ${(error as Error).message}`);
      }
      if (failure) throw failure;
      await drain();
    }
  }
  if (first) throw new ImportFormatError("The upload is empty.");
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
  await drain();
}
