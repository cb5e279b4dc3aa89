import { expect, test } from "bun:test";
import { connect } from "node:net";
import { createServerTestDatabase, usesExternalDatabase } from "../helpers/test-database.ts";
import { startAppProcess } from "../operations/app-process.ts";

const CHUNK = Buffer.alloc(1024 * 1024, 0x50);
const BODY_BYTES = 256 * CHUNK.length;

/**
 * Sends an anonymous chunked upload of up to BODY_BYTES, a chunk at a time, and stops as
 * soon as the server answers. Returns the answer's first line and how much had been sent.
 */
async function sendAnonymousUpload(port: number) {
  const socket = connect(port, "127.0.0.1");
  let answer = "";
  let closed = false;
  socket.on("data", (data) => (answer += data));
  socket.on("close", () => (closed = true));
  socket.on("error", () => (closed = true));
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    "POST /api/import/apple-health HTTP/1.1\r\nHost: fitness.test\r\n" +
      "Content-Type: application/zip\r\nTransfer-Encoding: chunked\r\n\r\n",
  );
  const frame = Buffer.concat([
    Buffer.from(`${CHUNK.length.toString(16)}\r\n`),
    CHUNK,
    Buffer.from("\r\n"),
  ]);
  let sent = 0;
  while (!answer && !closed && sent < BODY_BYTES) {
    sent += CHUNK.length;
    socket.write(frame);
    // Polled rather than awaited: a server that stops reading would never drain the socket.
    while (socket.writableNeedDrain && !answer && !closed) await Bun.sleep(5);
  }
  if (sent >= BODY_BYTES && !closed) socket.write("0\r\n\r\n");
  while (!answer && !closed) await Bun.sleep(10);
  socket.destroy();
  return { status: answer.split("\r\n")[0], sent };
}

// Not a timing check: the server must answer 401 from the headers alone, long before the
// body could have been read. Reading it first (as a body limit placed before authentication
// did, in memory) lets the answer come only once all of it was sent.
test("an anonymous chunked upload is refused before its body is read", async () => {
  if (!usesExternalDatabase) return;
  const database = await createServerTestDatabase();
  const app = await startAppProcess({ SERVICE_FITNESS_DATABASE_URL: database.url });
  try {
    const { status, sent } = await sendAnonymousUpload(app.port);
    expect(status).toBe("HTTP/1.1 401 Unauthorized");
    expect(sent).toBeLessThan(BODY_BYTES / 4);
  } finally {
    await app.stop();
    await database.drop();
  }
}, 120_000);
