/**
 * uWS (under Bun.serve) assembles an answer's status line, headers and body in a 16 KB cork
 * buffer and sends them in one send(). A fixed-length answer that does not fit and that a
 * handler returns after an await is not corked at all in Bun 1.4.5: the status line, each
 * header's name, ": ", its value and "\r\n" go in a send() each, 34 for the daily summary
 * (oven-sh/bun#41341). On this kind of machine that costs the server about 0.1-0.2 ms of
 * system CPU per answer and the client as many TCP segments. A stream's chunks smaller than
 * 16 KB are gathered behind the headers and leave together when it closes (a larger chunk is
 * written at once, in a send() of its own), so such an answer is sent as a stream of slices:
 * chunked, not Content-Length.
 */
const CORK_BUFFER_BYTES = 16 * 1024;
// Room for the status line and headers beside the body.
const HEADER_ROOM = 1024;
// The largest chunk the stream gathers rather than writes at once, with room to spare.
const SLICE_BYTES = 16_000;

/** A body of these bytes, in order, that leaves in one send() (a few past some 130 KB). */
export function bytesBody(
  parts: readonly Uint8Array<ArrayBuffer>[],
): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  const size = parts.reduce((sum, part) => sum + part.byteLength, 0);
  if (size + HEADER_ROOM <= CORK_BUFFER_BYTES)
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts)
        for (let at = 0; at < part.byteLength; at += SLICE_BYTES)
          controller.enqueue(part.subarray(at, at + SLICE_BYTES));
      controller.close();
    },
  });
}

/**
 * An answer's body from text or bytes (whole or in parts, in order), sent as bytesBody sends
 * bytes; text that surely fits the cork buffer is answered as it is.
 */
export function answerBody(
  body: string | Uint8Array<ArrayBuffer> | readonly Uint8Array<ArrayBuffer>[],
): string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  // A UTF-16 code unit is at most three bytes of UTF-8.
  if (typeof body === "string")
    return body.length * 3 + HEADER_ROOM <= CORK_BUFFER_BYTES
      ? body
      : bytesBody([Buffer.from(body)]);
  return bytesBody(Array.isArray(body) ? body : [body]);
}
