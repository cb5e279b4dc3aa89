import { HttpError } from "../errors.ts";
import { UPLOAD_LIMITS, UploadLimitError } from "../lib/upload-limits.ts";
import { unzipMembers } from "../lib/zip-stream.ts";
import { readJsonMember } from "./archive-json.ts";
import { EXPORT_FORMAT_VERSION, MANIFEST_PATH, sha256Hex, type Manifest } from "./manifest.ts";
import type { Row } from "./read-rows.ts";
import { SHARED_REFERENCES_PATH, type SharedReferences } from "./shared-references.ts";

export type ExportArchive = {
  manifest: Manifest;
  /** Rows by table name. */
  rows: Map<string, Row[]>;
  /** Upload bytes by path relative to the uploads root. */
  files: Map<string, Uint8Array>;
  /** Shared rows the rows point at (none in archives made before they were named). */
  shared: SharedReferences;
};

/**
 * Opens an export zip and checks it whole before anything is written: a manifest of a
 * known format version, and every entry it lists present with its size and checksum.
 * Inflating more than `maxBytes` in all (the route's limit unless the command line says) or
 * a member past UPLOAD_LIMITS.zipMemberBytes is a 413.
 */
export async function readExportArchive(
  bytes: Uint8Array,
  maxBytes: number = UPLOAD_LIMITS.archiveZipBytes,
): Promise<ExportArchive> {
  let entries: Map<string, Uint8Array>;
  try {
    const members = await unzipMembers(bytes, () => true, {
      bytes: maxBytes,
      entries: UPLOAD_LIMITS.archiveZipEntries,
    });
    entries = new Map(members.map((m) => [m.name, m.bytes]));
  } catch (error) {
    if (error instanceof UploadLimitError) throw error;
    throw new HttpError(400, "The file is not a readable zip archive.");
  }
  const manifestBytes = entries.get(MANIFEST_PATH);
  const manifest =
    manifestBytes && (await readJsonMember(MANIFEST_PATH, manifestBytes, "manifest"));
  if (!manifest) throw new HttpError(400, "The archive has no valid manifest.json.");
  if (manifest.format_version !== EXPORT_FORMAT_VERSION) {
    throw new HttpError(400, `Unsupported export format version ${manifest.format_version}.`);
  }
  const rows = new Map<string, Row[]>();
  const files = new Map<string, Uint8Array>();
  let shared: SharedReferences = {};
  for (const entry of manifest.entries) {
    const data = entries.get(entry.path);
    if (!data || data.length !== entry.bytes || sha256Hex(data) !== entry.sha256) {
      throw new HttpError(400, `The archive entry ${entry.path} is missing or damaged.`);
    }
    if (entry.path.startsWith("files/")) files.set(entry.path.slice("files/".length), data);
    if (entry.path === SHARED_REFERENCES_PATH) {
      const content = await readJsonMember(entry.path, data, "references");
      if (!content) throw new HttpError(400, `The archive entry ${entry.path} is not valid.`);
      shared = content;
    }
    if (entry.path.startsWith("data/")) {
      const content = await readJsonMember(entry.path, data, "rows");
      if (!content) throw new HttpError(400, `The archive entry ${entry.path} is not valid.`);
      for (const [table, tableRows] of Object.entries(content)) rows.set(table, tableRows);
    }
  }
  return { manifest, rows, files, shared };
}
