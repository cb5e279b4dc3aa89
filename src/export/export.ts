import type { Database } from "../db.ts";
import { openUpload } from "../storage/uploads.ts";
import { readUserRows } from "./read-rows.ts";
import { readSharedReferences } from "./shared-references.ts";
import { writeExportArchive } from "./write-archive.ts";

/**
 * One person's data as a zip stream. The rows are read in one transaction as the user
 * (a consistent snapshot under RLS); their uploads are read while the zip streams.
 */
export async function exportUserArchive(
  db: Database,
  uploadsRoot: string,
  userId: string,
): Promise<ReadableStream<Uint8Array>> {
  const { rows, shared } = await db.withUser(userId, async (tx) => {
    const { shapes, rows } = await readUserRows(tx, userId);
    return { rows, shared: await readSharedReferences(tx, shapes, rows) };
  });
  return writeExportArchive(userId, rows, shared, async (relative) => {
    const file = await openUpload(uploadsRoot, relative);
    return file ? new Uint8Array(await file.arrayBuffer()) : null;
  });
}

/** The download name of a user's export: fitness-export-YYYY-MM-DD.zip. */
export function exportFileName(now = new Date()): string {
  return `fitness-export-${now.toISOString().slice(0, 10)}.zip`;
}
