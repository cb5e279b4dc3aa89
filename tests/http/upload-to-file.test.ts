import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { HttpError } from "../../src/errors.ts";
import { saveUploadToFile } from "../../src/http/upload-to-file.ts";
import { emptyDir } from "../helpers/processes.ts";

const dir = emptyDir("upload-to-file-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const LIMIT = { maxBytes: 1000, tooLarge: "Too large.", missing: "No file." };
let files = 0;

/** The request saved to a fresh path: the bytes written, or the HttpError it answered. */
async function save(request: Request) {
  const path = join(dir, `upload-${++files}`);
  try {
    await saveUploadToFile(request, path, "file", LIMIT);
    return { bytes: new Uint8Array(readFileSync(path)) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, error: error.message };
  }
}

const bytes = (size: number) => new Uint8Array(size).map((_, i) => i % 251);

/** A body without a length, sent in pieces like a chunked upload. */
function chunked(size: number, contentType = "application/zip"): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const all = bytes(size);
      for (let at = 0; at < size; at += 100) controller.enqueue(all.slice(at, at + 100));
      controller.close();
    },
  });
  return new Request("http://x/", {
    method: "POST",
    body,
    headers: { "Content-Type": contentType },
    duplex: "half",
  } as RequestInit);
}

function multipart(parts: Record<string, Uint8Array | string>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    form.append(name, typeof value === "string" ? value : new File([value as BlobPart], "a.zip"));
  }
  return new Request("http://x/", { method: "POST", body: form });
}

describe("saveUploadToFile", () => {
  test("a whole body, with or without a length, is written as it came", async () => {
    expect(await save(chunked(1000))).toEqual({ bytes: bytes(1000) });
    const sized = new Request("http://x/", { method: "POST", body: bytes(700) });
    expect(await save(sized)).toEqual({ bytes: bytes(700) });
  });

  test("the multipart field is written; other parts are skipped", async () => {
    const request = multipart({ note: "hello", other: bytes(50), file: bytes(900) });
    expect(await save(request)).toEqual({ bytes: bytes(900) });
  });

  test("past the limit: 413, whether the length is declared, chunked or in a part", async () => {
    const tooLarge = { status: 413, error: "Too large." };
    const declared = new Request("http://x/", { method: "POST", body: bytes(1001) });
    expect(await save(declared)).toMatchObject(tooLarge);
    expect(await save(chunked(5000))).toMatchObject(tooLarge);
    expect(await save(multipart({ file: bytes(1001) }))).toMatchObject(tooLarge);
  });

  test("no file, an empty one or a broken multipart body: 400", async () => {
    const missing = { status: 400, error: "No file." };
    expect(await save(new Request("http://x/", { method: "POST" }))).toMatchObject(missing);
    expect(await save(chunked(0))).toMatchObject(missing);
    expect(await save(multipart({ other: bytes(10) }))).toMatchObject(missing);
    expect(await save(multipart({ file: new Uint8Array(0) }))).toMatchObject(missing);
    const broken = await save(chunked(300, "multipart/form-data; boundary=zzz"));
    expect(broken.status).toBe(400);
    const noBoundary = await save(chunked(300, "multipart/form-data"));
    expect(noBoundary).toMatchObject(missing);
  });
});
