/**
 * Uploads that exported rows point at: a `file_path` column (relative to the uploads root,
 * as check-in and bump photos store it) or an `images` list whose entries are
 * server-relative `/uploads/...` paths (foods, meals, diary entries). Remote image URLs
 * are left alone.
 */
const UPLOADS_PREFIX = "/uploads/";

/** The relative upload paths a row points at. */
export function fileReferences(row: Record<string, unknown>): string[] {
  const found: string[] = [];
  if (typeof row.file_path === "string") found.push(row.file_path);
  if (Array.isArray(row.images)) {
    for (const image of row.images) {
      if (typeof image === "string" && image.startsWith(UPLOADS_PREFIX)) {
        found.push(image.slice(UPLOADS_PREFIX.length));
      }
    }
  }
  return found;
}

/** The row with each upload path it points at passed through `rename` (relative paths). */
export function renameFileReferences(
  row: Record<string, unknown>,
  rename: (relative: string) => string,
): Record<string, unknown> {
  const out = { ...row };
  if (typeof out.file_path === "string") out.file_path = rename(out.file_path);
  if (Array.isArray(out.images)) {
    out.images = out.images.map((image) =>
      typeof image === "string" && image.startsWith(UPLOADS_PREFIX)
        ? UPLOADS_PREFIX + rename(image.slice(UPLOADS_PREFIX.length))
        : image,
    );
  }
  return out;
}
