import { connect } from "node:net";

export type RawAnswer = { status: number; body: string };

/**
 * POSTs `chunks` to `url` with Transfer-Encoding: chunked over a plain socket, as they come,
 * and resolves with the answer as soon as the server gives it, whether or not the body has
 * ended: an answer to a body that never ends shows the server did not wait to read it.
 */
export function postChunked(
  url: string,
  headers: Record<string, string>,
  chunks: AsyncIterable<Uint8Array>,
): Promise<RawAnswer> {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  const head = Object.entries({
    Host: `${hostname}:${port}`,
    "Transfer-Encoding": "chunked",
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`POST ${pathname} HTTP/1.1\r\n${head.join("")}\r\n`);
  let answered = false;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    socket.on("data", (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const parsed = parseAnswer(received);
      if (!parsed) return;
      answered = true;
      socket.destroy();
      resolve(parsed);
    });
    socket.on("error", (error) => answered || reject(error));
    socket.on("close", () => answered || reject(new Error("closed without an answer")));
  });
  void (async () => {
    for await (const chunk of chunks) {
      if (answered || socket.destroyed) return;
      const fits = socket.write(`${chunk.byteLength.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write("\r\n");
      if (!fits) await new Promise((resume) => socket.once("drain", resume));
    }
    if (!socket.destroyed) socket.write("0\r\n\r\n");
  })().catch(() => {});
  return answer;
}

/** A complete answer with a Content-Length body, or undefined while more is to come. */
function parseAnswer(received: Buffer): RawAnswer | undefined {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const head = received.subarray(0, end).toString("latin1");
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
  if (received.length < end + 4 + length) return undefined;
  return {
    status: Number(head.split(" ")[1]),
    body: received.subarray(end + 4, end + 4 + length).toString("utf8"),
  };
}

/** `text` cut into chunks of up to 64 KB. */
export async function* chunksOf(text: string): AsyncIterable<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
}

/** `first`, then nothing more until `end` resolves: a body that does not end by itself. */
export async function* stalledAfter(
  first: string,
  end: Promise<unknown>,
): AsyncIterable<Uint8Array> {
  yield new TextEncoder().encode(first);
  await end;
}
