import { afterAll, describe, expect, test } from "bun:test";
import { createWriteStream, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { finishTar, writeTarEntry } from "../../src/lib/tar.ts";
import { MANIFEST_NAME } from "../../src/operations/backup-manifest.ts";
import { MAX_MANIFEST_BYTES, verifyBackup } from "../../src/operations/verify-backup.ts";
import { emptyDir } from "../helpers/processes.ts";

const work = emptyDir("fitness-manifest-");
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A small .tar.gz whose only entry is a manifest of `size` spaces (they compress to little). */
async function archiveWithManifest(size: number): Promise<string> {
  const path = join(work, `manifest-${size}.tar.gz`);
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(path));
  const chunk = new Uint8Array(1024 * 1024).fill(32);
  async function* spaces() {
    for (let left = size; left > 0; left -= chunk.length) yield chunk.subarray(0, left);
  }
  await writeTarEntry(gzip, { name: MANIFEST_NAME, size, body: spaces() });
  await finishTar(gzip);
  gzip.end();
  await written;
  return path;
}

describe("fitness restore's manifest", () => {
  test("one larger than any backup's is refused from its header, unread", async () => {
    const archive = await archiveWithManifest(MAX_MANIFEST_BYTES + 1024 * 1024);
    expect(statSync(archive).size).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const heap = process.memoryUsage().rss;
    await expect(verifyBackup(archive, () => {})).rejects.toThrow(
      `This is not a fitness backup: its manifest is ${MAX_MANIFEST_BYTES + 1024 * 1024} bytes, over the ${MAX_MANIFEST_BYTES} a backup's can be.`,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(process.memoryUsage().rss - heap).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  test("one within the limit is read as before (here: not JSON, so no backup)", async () => {
    const archive = await archiveWithManifest(1024);
    await expect(verifyBackup(archive, () => {})).rejects.toThrow("The backup cannot be read");
  });
});
