import type { Busboy } from "busboy";
import { createWriteStream } from "node:fs";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { HttpError } from "../errors.ts";
import { isDiskFull } from "../lib/disk-full.ts";

export type UploadLimit = { maxBytes: number; tooLarge: string; missing: string };

/**
 * Streams an upload to `path`, a chunk at a time, so a body of gigabytes never sits in
 * memory: the multipart field `field`, or the whole body of any other content type. A body
 * past `maxBytes` is a 413 as soon as that many bytes have arrived (chunked bodies carry no
 * length to check up front), no file a 400. Run it only after authentication: reading the
 * body is what costs.
 */
export async function saveUploadToFile(
  request: Request,
  path: string,
  field: string,
  limit: UploadLimit,
): Promise<void> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit.maxBytes) throw new HttpError(413, limit.tooLarge);
  if (!request.body) throw new HttpError(400, limit.missing);
  const body = Readable.fromWeb(request.body as unknown as NodeReadableStream);
  const type = request.headers.get("content-type") ?? "";
  const saved = type.startsWith("multipart/form-data")
    ? await saveMultipartField(body, type, path, field, limit)
    : await writeCapped(body, path, limit);
  if (saved === 0) throw new HttpError(400, limit.missing);
}

/** Bytes written; the stream's bytes past the limit are never written. */
async function writeCapped(source: Readable, path: string, limit: UploadLimit): Promise<number> {
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit.maxBytes ? new HttpError(413, limit.tooLarge) : null, chunk);
    },
  });
  await pipeline(source, count, createWriteStream(path, { mode: 0o600 }));
  return size;
}

/** The first file part named `field`, written to `path`; other parts are skipped unread. */
async function saveMultipartField(
  source: Readable,
  contentType: string,
  path: string,
  field: string,
  limit: UploadLimit,
): Promise<number> {
  // Loaded on first use, like every library of a rarely used feature (README, "Memory").
  const { default: busboy } = await import("busboy");
  let parser: Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: limit.maxBytes, fields: 20, fieldSize: 64 * 1024 },
    });
  } catch {
    throw new HttpError(400, limit.missing);
  }
  let written: Promise<number> | undefined;
  parser.on("file", (name, stream) => {
    if (name !== field || written) return void stream.resume();
    // busboy ends a part at its fileSize limit and marks it truncated; the limit is an error.
    stream.on("limit", () => stream.destroy(new HttpError(413, limit.tooLarge)));
    written = writeCapped(stream, path, limit);
    // A failed write ends the parse (which would wait for the part forever) and the reading.
    written.catch((error) => parser.destroy(error));
  });
  try {
    await pipeline(source, parser as Writable);
    return (await written) ?? 0;
  } catch (error) {
    // A full disk is the server's trouble, not the body's (errors.ts answers 507).
    if (error instanceof HttpError || isDiskFull(error)) throw error;
    throw new HttpError(400, `Malformed multipart body: ${(error as Error).message}`);
  }
}
