import { join } from "node:path";
import { removeUpload, saveUpload } from "../../storage/uploads.ts";
import type { ImportContext, UserImport } from "../run/context.ts";
import type { Removal } from "../run/copy-rows.ts";

/**
 * A file the other server stored as a server-relative `/uploads/...` path, read from the
 * uploads directory given on the command line; null when absent or outside it.
 */
export async function readSourceUpload(u: UserImport, storedPath: string) {
  if (!u.sourceUploads) return null;
  const relative = storedPath.replace(/^\/?uploads\//, "").replace(/^\/+/, "");
  if (relative === "" || relative.split("/").includes("..")) return null;
  const file = Bun.file(join(u.sourceUploads, relative));
  return (await file.exists()) ? new Uint8Array(await file.arrayBuffer()) : null;
}

/**
 * Saves a copied file under this server's uploads root, once however many rows name it
 * (a food's image and the diary entries that show it); undone if the user fails.
 */
export async function writeCopiedFile(u: UserImport, relativePath: string, bytes: Uint8Array) {
  if (u.dryRun || u.writtenFiles.includes(relativePath)) return;
  await saveUpload(u.uploadsRoot, relativePath, bytes);
  u.writtenFiles.push(relativePath);
}

/** Marks the file of a row deleted here: removed once the user's transaction commits. */
function removeAfterCommit(u: UserImport, relativePath: string) {
  u.removedFiles.push(relativePath);
}

/** How a photo deleted there goes (deleteGone): its row now, its file after the commit. */
export const removeWithFile =
  (u: UserImport, table: string): Removal =>
  async (tx, id) => {
    const gone = await tx<{ file_path: string }[]>`
      delete from ${tx(table)} where id = ${id} returning file_path`;
    for (const row of gone) removeAfterCommit(u, row.file_path);
    return gone;
  };

/** Brings a photo's row to a newly copied file; the file it named goes after the commit. */
export async function updateWithFile(
  u: UserImport,
  table: string,
  id: string,
  values: { file_path: string } & Record<string, unknown>,
) {
  const [old] = await u.tx<{ file_path: string }[]>`
    select file_path from ${u.tx(table)} where id = ${id}`;
  await u.tx`update ${u.tx(table)} set ${u.tx(values)}, updated_at = now() where id = ${id}`;
  if (old && old.file_path !== values.file_path) removeAfterCommit(u, old.file_path);
}

/**
 * Removes the files of the rows a committed import deleted, through the storage layer (which
 * keeps them aside while a backup runs). The rows are gone already: a file that cannot be
 * removed is only wasted space, logged.
 */
export async function removeDeletedFiles(ctx: ImportContext, paths: string[]) {
  for (const path of paths)
    await removeUpload(ctx.uploadsRoot, path).catch((error: Error) =>
      ctx.logger.warn("could not remove the file of a row the import deleted", {
        path,
        error: error.message,
      }),
    );
}

/**
 * Copies one file the other server stored (`/uploads/...` there) to `herePath` (a path
 * under this server's uploads, `/uploads/...`, the same by default); returns the path here,
 * or null when the file is missing from the uploads directory (`what` names it in the
 * summary). A row imported before (`copy` false) keeps its path without a second copy.
 */
export async function copySourceFile(
  u: UserImport,
  what: string,
  sourcePath: string,
  herePath = sourcePath,
  copy = true,
): Promise<string | null> {
  const bytes = await readSourceUpload(u, sourcePath);
  if (!bytes) {
    u.summary.skip(`${what} file missing from the uploads directory`);
    return null;
  }
  if (copy) await writeCopiedFile(u, herePath.slice("/uploads/".length), bytes);
  return herePath;
}

/**
 * Food, meal and diary images: remote URLs stay as they are; an uploaded file is copied to
 * the same `/uploads/...` path here (ids are kept, so the paths stay unique). A file
 * missing from the uploads directory is dropped from the list and reported. For a row
 * imported before (`copy` false) the list is the same but its files are not copied again.
 */
export async function copyImageList(
  u: UserImport,
  images: unknown,
  copy = true,
): Promise<string[]> {
  const kept: string[] = [];
  for (const value of Array.isArray(images) ? images : []) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (!value.startsWith("/uploads/")) {
      kept.push(value);
      continue;
    }
    const here = await copySourceFile(u, "food image", value, value, copy);
    if (here) kept.push(here);
  }
  return kept;
}
