import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { Sql, Tx } from "../db.ts";
import { finishTar, writeTarEntry } from "../lib/tar.ts";
import { holdRemovedUploads } from "../storage/upload-holds.ts";
import { listHeldUploads, openHeldUpload } from "../storage/uploads.ts";
import { VERSION } from "../version.ts";
import {
  BACKUP_FORMAT,
  type BackupManifest,
  hashing,
  MANIFEST_NAME,
  tableEntry,
  uploadEntry,
} from "./backup-manifest.ts";
import { createSpool } from "./backup-spool.ts";
import { findReferencedUploads } from "./referenced-uploads.ts";
import { listSchemaTables, readSequences, type TableInfo } from "./schema-tables.ts";

export type Progress = (line: string) => void;
type Source = { owner: Sql; embedded: boolean; uploadsDir: string };

/**
 * Writes one consistent backup to `outputPath` (a .tar.gz): every table read inside a
 * single repeatable-read snapshot with COPY, then the uploads that snapshot's rows refer to
 * (files removed since it began were kept aside for it), then a manifest with each entry's
 * SHA-256. The file appears under its name only when complete. An abort (the server
 * stopping) takes effect within a few megabytes of a table or between files; a failure (a
 * full disk) or an abort leaves nothing behind: no partial file, spool or hold.
 */
export async function createBackup(
  source: Source,
  outputPath: string,
  progress: Progress = () => {},
  signal?: AbortSignal,
): Promise<BackupManifest> {
  const spool = await createSpool();
  const partial = `${outputPath}.partial`;
  let releaseUploads = async () => {};
  const gzip = createGzip();
  let written: Promise<void> | undefined;
  try {
    releaseUploads = await holdRemovedUploads(source.uploadsDir);
    const manifest = await spoolDatabase(source, spool, progress, signal);
    written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
    // A failed write (a full disk) fails the next tar write too (tar.ts), which ends up below;
    // the rejection itself is awaited there, never left unhandled.
    written.catch(() => {});
    for (const table of manifest.tables) {
      const body = createReadStream(join(spool, table.name));
      await writeTarEntry(gzip, { name: table.entry, size: table.bytes, body });
    }
    const files = await snapshotUploads(source.uploadsDir, spool, manifest);
    for (const [index, path] of files.entries()) {
      signal?.throwIfAborted();
      // Local file or S3 object alike; gone only when a hold outlived its day (upload-holds.ts).
      const file = await openHeldUpload(source.uploadsDir, path);
      if (!file) {
        progress(`uploads: ${path} is gone; its row is in the backup without it`);
        continue;
      }
      const result = { bytes: 0, sha256: "" };
      const entry = uploadEntry(path);
      await writeTarEntry(gzip, {
        name: entry,
        size: file.size,
        body: hashing(file.stream(), result),
      });
      manifest.files.push({ path, entry, ...result });
      if ((index + 1) % 100 === 0 || index + 1 === files.length) {
        progress(`uploads: ${index + 1}/${files.length} files`);
      }
    }
    const manifestBytes = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
    await writeTarEntry(gzip, {
      name: MANIFEST_NAME,
      size: manifestBytes.length,
      body: [manifestBytes] as unknown as AsyncIterable<Uint8Array>,
    });
    await finishTar(gzip);
    gzip.end();
    await written;
    await rename(partial, outputPath);
    progress(`backup written: ${outputPath}`);
    return manifest;
  } catch (error) {
    // The file is closed before it is removed, or its space stays taken until the process ends.
    gzip.destroy();
    await written?.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  } finally {
    await releaseUploads();
    await rm(spool, { recursive: true, force: true });
  }
}

/** The stored files the snapshot's rows refer to, sorted; files added since are left out. */
async function snapshotUploads(root: string, spool: string, manifest: BackupManifest) {
  const stored = new Set((await listHeldUploads(root)).map((file) => file.path));
  const tables = manifest.tables.map((table) => join(spool, table.name));
  return [...(await findReferencedUploads(tables, stored))].sort();
}

// COPY output is spooled to temporary files first: a tar header needs each size up front.
async function spoolDatabase(
  source: Source,
  spool: string,
  progress: Progress,
  signal?: AbortSignal,
) {
  return source.owner.begin("isolation level repeatable read read only", async (tx) => {
    const tables = await listSchemaTables(tx);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      appVersion: VERSION,
      engine: source.embedded ? "embedded" : "external",
      migrations: (
        await tx<{ version: number }[]>`
        select version from schema_migrations order by version`
      ).map((r) => r.version),
      tables: [],
      sequences: [...(await readSequences(tx))],
      files: [],
    };
    for (const [index, table] of tables.entries()) {
      const copy = copyTable(tx, table, signal);
      const result = { bytes: 0, sha256: "" };
      let rows = 0;
      await pipeline(
        hashing(
          countRows(copy, () => rows++),
          result,
        ),
        createWriteStream(join(spool, table.name)),
      );
      manifest.tables.push({ ...table, rows, entry: tableEntry(table.name), ...result });
      progress(`database: ${index + 1}/${tables.length} ${table.name} (${rows} rows)`);
    }
    return manifest;
  });
}

// Pages a table is copied at a time (8 MB at PostgreSQL's usual 8 KB block size).
const PAGES_PER_BATCH = 1024;

/**
 * A table's rows as COPY text, a range of its pages at a time (a TID range scan), so an abort
 * takes effect within a large table too: a COPY once started runs to its end. The snapshot's
 * rows all lie within the pages counted here, counted after it began; the last range is
 * open-ended all the same.
 */
async function* copyTable(tx: Tx, table: TableInfo, signal?: AbortSignal) {
  const columns = table.columns.map((c) => c.name);
  const [size] = await tx<{ pages: number }[]>`
    select (pg_relation_size(${table.name}::regclass)
            / current_setting('block_size')::int)::int as pages`;
  for (let first = 0; ; first += PAGES_PER_BATCH) {
    signal?.throwIfAborted();
    const next = first + PAGES_PER_BATCH;
    const last = next >= size!.pages;
    // COPY takes no parameters: the bounds are numbers written into the text.
    const range = last
      ? tx.unsafe(`ctid >= '(${first},0)'::tid`)
      : tx.unsafe(`ctid >= '(${first},0)'::tid and ctid < '(${next},0)'::tid`);
    yield* await tx`
      copy (select ${tx(columns)} from ${tx(table.name)} where ${range}) to stdout`.readable();
    if (last) return;
  }
}

async function* countRows(source: AsyncIterable<Uint8Array>, onRow: () => void) {
  for await (const chunk of source) {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) onRow();
    yield chunk;
  }
}

/** fitness-backup-20250102-030405-678.tar.gz (UTC, to the millisecond), sortable by name. */
export function backupFileName(at: Date): string {
  const s = at.toISOString().replace(/[-:]/g, ""); // 20250102T030405.678Z
  return `fitness-backup-${s.slice(0, 8)}-${s.slice(9, 15)}-${s.slice(16, 19)}.tar.gz`;
}
