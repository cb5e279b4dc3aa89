import { afterAll, expect, test } from "bun:test";
import { answerBody, bytesBody } from "../../src/http/bytes-body.ts";

/** `size` bytes in `count` parts of about the same length, each byte telling its place. */
function partsOf(size: number, count: number): Uint8Array<ArrayBuffer>[] {
  const all = new Uint8Array(size).map((_, i) => i % 251);
  const step = Math.ceil(size / count);
  return Array.from({ length: count }, (_, i) => all.slice(i * step, (i + 1) * step));
}

// A real server, answering after an await as a route that reads the database does.
const server = Bun.serve({
  port: 0,
  async fetch(request) {
    const query = new URL(request.url).searchParams;
    const size = Number(query.get("size"));
    await Bun.sleep(1);
    const parts = partsOf(size, 3);
    const body = query.has("text") ? answerBody("é".repeat(size / 2)) : bytesBody(parts);
    return new Response(body, {
      headers: { "Content-Type": "application/json" },
    });
  },
});
afterAll(() => server.stop(true));

const read = async (size: number, text = false) => {
  const response = await fetch(`${server.url}?size=${size}${text ? "&text" : ""}`, {
    decompress: false,
  });
  return { headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
};

test("an answer that fits the cork buffer is sent whole, with its length", async () => {
  const { headers, bytes } = await read(10_000);
  expect(headers.get("content-length")).toBe("10000");
  expect(headers.get("transfer-encoding")).toBeNull();
  expect(bytes).toEqual(partsOf(10_000, 1)[0]!);
});

test("a larger answer is sent as a stream of its parts (sliced), in order and complete", async () => {
  const { headers, bytes } = await read(50_000);
  expect(headers.get("transfer-encoding")).toBe("chunked");
  expect(headers.get("content-length")).toBeNull();
  expect(bytes).toEqual(partsOf(50_000, 1)[0]!);
});

test("one part is answered as it is", () => {
  const [part] = partsOf(100, 1);
  expect(bytesBody([part!])).toBe(part!);
});

test("text is answered as it is while it surely fits, and as a stream of its UTF-8 past that", async () => {
  const small = await read(4_000, true);
  expect(small.headers.get("content-length")).toBe("4000");
  expect(new TextDecoder().decode(small.bytes)).toBe("é".repeat(2_000));
  const large = await read(60_000, true);
  expect(large.headers.get("transfer-encoding")).toBe("chunked");
  expect(new TextDecoder().decode(large.bytes)).toBe("é".repeat(30_000));
});
