import { createReadStream } from "node:fs";
import { pipeline } from "node:stream";
import { createGunzip } from "node:zlib";
import { readTar, type TarEntry } from "../lib/tar.ts";
import type { Progress } from "./backup.ts";
import { type BackupManifest, hashing, MANIFEST_NAME, manifestSchema } from "./backup-manifest.ts";

/** A problem that stops a restore before anything changed. */
export class RestoreRefused extends Error {}

/**
 * The archive's decompressed bytes. Joined with pipeline, not pipe: a read error (no such
 * file, a directory) must reach the reader, where pipe() would leave it uncaught and the
 * reader waiting forever.
 */
export function openArchive(path: string): AsyncIterable<Uint8Array> {
  const gunzip = createGunzip();
  pipeline(createReadStream(path), gunzip, () => {});
  return gunzip;
}

// A manifest lists each table and file in about 200 bytes: this is millions of files, far
// beyond any instance, and far below what the command can hold in memory.
export const MAX_MANIFEST_BYTES = 128 * 1024 * 1024;

/** The manifest, refused before any of it is read when its entry is larger than the cap. */
async function readManifest(entry: TarEntry): Promise<BackupManifest> {
  if (entry.size > MAX_MANIFEST_BYTES) {
    throw new RestoreRefused(
      `This is not a fitness backup: its manifest is ${entry.size} bytes, over the ${MAX_MANIFEST_BYTES} a backup's can be.`,
    );
  }
  const parts: Uint8Array[] = [];
  for await (const chunk of entry.body) parts.push(chunk);
  const parsed = manifestSchema.safeParse(JSON.parse(Buffer.concat(parts).toString("utf8")));
  if (!parsed.success) throw new RestoreRefused("This is not a fitness backup.");
  return parsed.data;
}

/**
 * Reads a whole archive once, checking every entry against the manifest's size and
 * SHA-256, and returns the manifest. Nothing is written.
 */
export async function verifyBackup(path: string, progress: Progress): Promise<BackupManifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifest: BackupManifest | undefined;
  try {
    await readTar(openArchive(path), async (entry) => {
      if (entry.name === MANIFEST_NAME) {
        manifest = await readManifest(entry);
        return;
      }
      const result = { bytes: 0, sha256: "" };
      for await (const _ of hashing(entry.body, result));
      seen.set(entry.name, result);
    });
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`The backup cannot be read: ${(error as Error).message}`);
  }
  if (!manifest) throw new RestoreRefused("This is not a fitness backup (no manifest).");
  for (const item of [...manifest.tables, ...manifest.files]) {
    const found = seen.get(item.entry);
    if (!found || found.bytes !== item.bytes || found.sha256 !== item.sha256) {
      throw new RestoreRefused(`The backup is damaged: ${item.entry} does not match its checksum.`);
    }
  }
  progress(`verified ${manifest.tables.length} tables and ${manifest.files.length} files`);
  return manifest;
}
