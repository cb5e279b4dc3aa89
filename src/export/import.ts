import type { Database } from "../db.ts";
import { ensureCatalogue } from "../exercises/catalogue.ts";
import { openUpload, removeUpload, saveUpload } from "../storage/uploads.ts";
import { IdMap } from "./id-map.ts";
import { importTableRows, type TableCounts } from "./import-rows.ts";
import { readExportArchive } from "./read-archive.ts";
import { mapSharedReferences } from "./shared-references.ts";
import { readExportedShapes } from "./table-shapes.ts";

export type ImportSummary = {
  tables: Record<string, TableCounts>;
  files_written: number;
};

/**
 * Imports an export zip into the user's account, in one transaction under RLS as that
 * user: the archive is checked whole first, rows get new ids mapped consistently
 * (foods to diary entries, exercises to workouts, photos to their files), references to
 * shared rows (built-in meal types, catalogue exercises) found by natural key, and rows
 * imported by an earlier run of the same archive's account are skipped, so a second
 * import adds nothing. Uploads written before a failure are removed again.
 */
export async function importUserArchive(
  db: Database,
  uploadsRoot: string,
  userId: string,
  bytes: Uint8Array,
  maxInflatedBytes?: number,
): Promise<ImportSummary> {
  const archive = await readExportArchive(bytes, maxInflatedBytes);
  const written: string[] = [];
  // Catalogue exercises the archive points at must exist here to be found by their key.
  await ensureCatalogue(db);
  try {
    return await db.withUser(userId, async (tx) => {
      const shapes = await readExportedShapes(tx);
      const ids = new IdMap(archive.manifest.source_user_id, userId);
      await ids.assign(tx, shapes, archive.rows);
      await mapSharedReferences(tx, archive.shared, ids);
      const summary: ImportSummary = { tables: {}, files_written: 0 };
      for (const shape of shapes) {
        const rows = archive.rows.get(shape.name);
        if (!rows) continue;
        const { counts, files } = await importTableRows(tx, shape, rows, ids);
        summary.tables[shape.name] = counts;
        for (const move of files) {
          const data = archive.files.get(move.from);
          // An upload already there (one's own archive imported back) is kept as it is.
          if (!data || (await openUpload(uploadsRoot, move.to))) continue;
          await saveUpload(uploadsRoot, move.to, data);
          written.push(move.to);
        }
      }
      summary.files_written = written.length;
      return summary;
    });
  } catch (error) {
    for (const path of written) await removeUpload(uploadsRoot, path);
    throw error;
  }
}
