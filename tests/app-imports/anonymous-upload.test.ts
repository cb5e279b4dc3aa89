import { expect, test } from "bun:test";
import { connect } from "node:net";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { startAppProcess } from "../operations/app-process.ts";

const CHUNK = Buffer.alloc(1024 * 1024, 0x50);

/**
 * Sends an anonymous chunked upload of up to `bodyBytes`, a chunk at a time, and stops as
 * soon as the server answers. Returns the answer's first line and how much had been sent.
 */
async function sendAnonymousUpload(port: number, path: string, bodyBytes: number) {
  const socket = connect(port, "127.0.0.1");
  let answer = "";
  let closed = false;
  socket.on("data", (data) => (answer += data));
  socket.on("close", () => (closed = true));
  socket.on("error", () => (closed = true));
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: fitness.test\r\n` +
      "Content-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n",
  );
  const frame = Buffer.concat([
    Buffer.from(`${CHUNK.length.toString(16)}\r\n`),
    CHUNK,
    Buffer.from("\r\n"),
  ]);
  let sent = 0;
  while (!answer && !closed && sent < bodyBytes) {
    sent += CHUNK.length;
    socket.write(frame);
    // Polled rather than awaited: a server that stops reading would never drain the socket.
    while (socket.writableNeedDrain && !answer && !closed) await Bun.sleep(5);
    // A pause per megabyte gives a server on a busy machine the moment it needs to answer
    // from the headers; one that reads the whole body first still answers only at the end.
    await Bun.sleep(10);
  }
  if (sent >= bodyBytes && !closed) socket.write("0\r\n\r\n");
  while (!answer && !closed) await Bun.sleep(10);
  socket.destroy();
  return { status: answer.split("\r\n")[0], sent };
}

// Not a timing check: the server must answer 401 from the headers alone, long before the
// body could have been read. Reading it first (as a body limit placed before authentication
// did, in memory) lets the answer come only once all of it was sent.
test("anonymous chunked uploads are refused before their bodies are read", async () => {
  if (!usesExternalDatabase) return;
  const database = await createServerTestDatabase();
  const app = await startAppProcess({ SERVICE_FITNESS_DATABASE_URL: database.url });
  try {
    // Each below its route's limit (4 GB, 50 MB), where a limit read first would not stop.
    for (const [path, bodyBytes] of [
      ["/api/import/apple-health", 256 * CHUNK.length],
      ["/api/exercise-entries/import", 48 * CHUNK.length],
    ] as const) {
      const { status, sent } = await sendAnonymousUpload(app.port, path, bodyBytes);
      expect({ path, status }).toEqual({ path, status: "HTTP/1.1 401 Unauthorized" });
      expect(sent).toBeLessThan(bodyBytes / 4);
    }
  } finally {
    await app.stop();
    await database.drop();
  }
}, 120_000);
