import type { Zip } from "fflate";
import { VERSION } from "../version.ts";
import { CSV_TABLES, EXPORT_DOMAINS } from "./domains.ts";
import { rowsToCsv } from "./csv.ts";
import { fileReferences } from "./file-references.ts";
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  MANIFEST_PATH,
  sha256Hex,
  type Manifest,
  type ManifestEntry,
} from "./manifest.ts";
import type { Row } from "./read-rows.ts";
import { SHARED_REFERENCES_PATH, type SharedReferences } from "./shared-references.ts";

type PendingEntry = { path: string; compress: boolean; read: () => Promise<Uint8Array | null> };

/**
 * The export zip as a stream: data/<domain>.json, shared/references.json (the shared rows
 * they point at, by natural key), csv/<table>.csv, files/<upload path>, then manifest.json with the counts and a checksum of every entry before it. Uploads are
 * read one at a time as the client reads, so photos never sit in memory together.
 */
export function writeExportArchive(
  sourceUserId: string,
  rows: Map<string, Row[]>,
  shared: SharedReferences,
  readUpload: (relative: string) => Promise<Uint8Array | null>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pending: PendingEntry[] = [];
  const counts: Manifest["counts"] = {};
  for (const [domain, tables] of Object.entries(EXPORT_DOMAINS)) {
    const content: Record<string, Row[]> = {};
    counts[domain] = {};
    for (const table of tables) {
      content[table] = rows.get(table) ?? [];
      counts[domain][table] = content[table].length;
      if (CSV_TABLES.has(table)) {
        const csv = encoder.encode(rowsToCsv(content[table]));
        pending.push({ path: `csv/${table}.csv`, compress: true, read: async () => csv });
      }
    }
    const json = encoder.encode(JSON.stringify(content, null, 1));
    pending.unshift({ path: `data/${domain}.json`, compress: true, read: async () => json });
  }
  const references = encoder.encode(JSON.stringify(shared, null, 1));
  pending.push({ path: SHARED_REFERENCES_PATH, compress: true, read: async () => references });
  const uploads = new Set([...rows.values()].flat().flatMap(fileReferences));
  for (const relative of [...uploads].sort()) {
    pending.push({ path: `files/${relative}`, compress: false, read: () => readUpload(relative) });
  }

  const entries: ManifestEntry[] = [];
  let files = 0;
  let fflate: Fflate;
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      // Loaded on first use, like every library of a rarely used feature (README, "Memory").
      fflate = await import("fflate");
      zip = new fflate.Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const next = pending.shift();
      if (!next) {
        const manifest: Manifest = {
          format: EXPORT_FORMAT,
          format_version: EXPORT_FORMAT_VERSION,
          app_version: VERSION,
          exported_at: new Date().toISOString(),
          source_user_id: sourceUserId,
          counts,
          files,
          entries,
        };
        addEntry(
          fflate,
          zip,
          MANIFEST_PATH,
          true,
          encoder.encode(JSON.stringify(manifest, null, 1)),
        );
        zip.end();
        return;
      }
      const bytes = await next.read();
      // A row whose file has gone missing keeps its row; the archive just lacks the file.
      if (!bytes) return;
      if (next.path.startsWith("files/")) files++;
      entries.push({ path: next.path, bytes: bytes.length, sha256: sha256Hex(bytes) });
      addEntry(fflate, zip, next.path, next.compress, bytes);
    },
  });
}

type Fflate = typeof import("fflate");

function addEntry(fflate: Fflate, zip: Zip, path: string, compress: boolean, bytes: Uint8Array) {
  const entry = compress
    ? new fflate.ZipDeflate(path, { level: 6 })
    : new fflate.ZipPassThrough(path);
  zip.add(entry);
  entry.push(bytes, true);
}
