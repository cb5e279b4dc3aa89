import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { sniffImage } from "../lib/image-sniff.ts";
import { removeUpload, saveUpload } from "../storage/uploads.ts";
import { deletePhoto, upsertPhoto, type PhotoRow, type PhotoType } from "./queries.ts";

type RequestVars = AppEnv["Variables"];

/**
 * Stores an uploaded progress photo, replacing that day's photo of the same angle.
 * The type is decided by the bytes, never by the file name or the client's content type.
 * Order matters: the new file is written under a fresh name before the row points at it,
 * and the replaced file is removed only after the commit, so a failure at any step leaves
 * the previous photo intact and no file without a row.
 */
export async function saveCheckInPhoto(
  vars: RequestVars,
  entryDate: string,
  photoType: PhotoType,
  bytes: Uint8Array,
): Promise<PhotoRow> {
  const sniffed = await sniffImage(bytes);
  if (!sniffed) {
    throw new HttpError(
      400,
      "The photo must be a JPEG, PNG, GIF or WebP image (convert HEIC photos to JPEG first).",
    );
  }
  const { userId, actorId } = vars.auth;
  const root = vars.config.uploadsDir;
  const filePath = `check-in/${userId}/${crypto.randomUUID()}.${sniffed.ext}`;
  await saveUpload(root, filePath, bytes);
  let saved: Awaited<ReturnType<typeof upsertPhoto>>;
  try {
    saved = await vars.db.withUser(
      userId,
      (tx) =>
        upsertPhoto(tx, {
          userId,
          entryDate,
          photoType,
          file_path: filePath,
          mime_type: sniffed.mime,
        }),
      actorId,
    );
  } catch (error) {
    await removeUpload(root, filePath);
    throw error;
  }
  if (saved.replacedPath) await removeCommittedFile(vars, saved.replacedPath);
  return saved.row;
}

/** Deletes a photo and then its file; false when the user has no photo with that id. */
export async function deleteCheckInPhoto(vars: RequestVars, id: string): Promise<boolean> {
  const { userId, actorId } = vars.auth;
  const filePath = await vars.db.withUser(userId, (tx) => deletePhoto(tx, userId, id), actorId);
  if (!filePath) return false;
  await removeCommittedFile(vars, filePath);
  return true;
}

// The row is already gone or repointed, so the request has succeeded; a file that cannot
// be removed is only wasted space, worth a log line rather than an error for the client.
async function removeCommittedFile(vars: RequestVars, filePath: string): Promise<void> {
  try {
    await removeUpload(vars.config.uploadsDir, filePath);
  } catch (error) {
    vars.logger.warn("could not remove a check-in photo file", {
      requestId: vars.requestId,
      filePath,
      error: (error as Error).message,
    });
  }
}
