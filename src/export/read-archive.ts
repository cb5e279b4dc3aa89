import { z } from "zod";
import { HttpError } from "../errors.ts";
import { UPLOAD_LIMITS, UploadLimitError } from "../lib/upload-limits.ts";
import { unzipMembers } from "../lib/zip-stream.ts";
import {
  EXPORT_FORMAT_VERSION,
  MANIFEST_PATH,
  manifestSchema,
  sha256Hex,
  type Manifest,
} from "./manifest.ts";
import type { Row } from "./read-rows.ts";
import {
  SHARED_REFERENCES_PATH,
  sharedReferencesSchema,
  type SharedReferences,
} from "./shared-references.ts";

const domainFileSchema = z.record(z.string(), z.array(z.record(z.string(), z.unknown())));

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
  const manifest = manifestSchema.safeParse(parseJson(entries.get(MANIFEST_PATH)));
  if (!manifest.success) throw new HttpError(400, "The archive has no valid manifest.json.");
  if (manifest.data.format_version !== EXPORT_FORMAT_VERSION) {
    throw new HttpError(400, `Unsupported export format version ${manifest.data.format_version}.`);
  }
  const rows = new Map<string, Row[]>();
  const files = new Map<string, Uint8Array>();
  let shared: SharedReferences = {};
  for (const entry of manifest.data.entries) {
    const data = entries.get(entry.path);
    if (!data || data.length !== entry.bytes || sha256Hex(data) !== entry.sha256) {
      throw new HttpError(400, `The archive entry ${entry.path} is missing or damaged.`);
    }
    if (entry.path.startsWith("files/")) files.set(entry.path.slice("files/".length), data);
    if (entry.path === SHARED_REFERENCES_PATH) {
      const content = sharedReferencesSchema.safeParse(parseJson(data));
      if (!content.success)
        throw new HttpError(400, `The archive entry ${entry.path} is not valid.`);
      shared = content.data;
    }
    if (entry.path.startsWith("data/")) {
      const content = domainFileSchema.safeParse(parseJson(data));
      if (!content.success)
        throw new HttpError(400, `The archive entry ${entry.path} is not valid.`);
      for (const [table, tableRows] of Object.entries(content.data)) rows.set(table, tableRows);
    }
  }
  return { manifest: manifest.data, rows, files, shared };
}

function parseJson(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}
