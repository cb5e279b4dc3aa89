import { HttpError } from "../errors.ts";
import { ENTRY_UPLOAD_PREFIX, isDiarySetImage, uploadRelativePath } from "../foods/images.ts";
import type { AppEnv } from "../http/context.ts";
import { sniffImage } from "../lib/image-sniff.ts";
import { removeUpload, saveUpload } from "../storage/uploads.ts";

type Vars = AppEnv["Variables"];
/** The diary rows that carry images of their own: entries and logged meals. */
export type ImageTable = "food_entries" | "food_entry_meals";

/**
 * Stores an image the user chose for one entry or logged meal under
 * /uploads/food_entries/ (rule 7: never touched by a snapshot update). The bytes decide
 * the type, as for progress photos. Null when there is no such row.
 */
export async function setEntryImage(vars: Vars, table: ImageTable, id: string, bytes: Uint8Array) {
  const sniffed = await sniffImage(bytes);
  if (!sniffed) throw new HttpError(400, "The image must be a JPEG, PNG, GIF or WebP image.");
  const { userId, actorId } = vars.auth;
  const relative = `food_entries/${userId}/${crypto.randomUUID()}.${sniffed.ext}`;
  await saveUpload(vars.config.uploadsDir, relative, bytes);
  const path = ENTRY_UPLOAD_PREFIX + relative.slice("food_entries/".length);
  let previous: string[] | null;
  try {
    previous = await replaceImages(vars, table, id, [path]);
  } catch (error) {
    await removeUpload(vars.config.uploadsDir, relative);
    throw error;
  }
  if (previous === null) {
    await removeUpload(vars.config.uploadsDir, relative);
    return null;
  }
  await removeDiarySetFiles(vars, previous);
  return path;
}

/** Clears the images of an entry or logged meal; false when there is no such row. */
export async function clearEntryImage(vars: Vars, table: ImageTable, id: string): Promise<boolean> {
  const previous = await replaceImages(vars, table, id, []);
  if (previous === null) return false;
  await removeDiarySetFiles(vars, previous);
  return true;
}

async function replaceImages(vars: Vars, table: ImageTable, id: string, images: string[]) {
  const { userId, actorId } = vars.auth;
  return vars.db.withUser(
    userId,
    async (tx) => {
      const [row] = await tx<{ images: string[] }[]>`
        select images from ${tx(table)} where id = ${id} and user_id = ${userId} for update`;
      if (!row) return null;
      await tx`update ${tx(table)} set images = ${tx.json(images)}, updated_at = now() where id = ${id}`;
      return row.images;
    },
    actorId,
  );
}

/** Removes the diary-set files among `images` (a deleted or changed row's); inherited ones are the food's. */
export async function removeDiarySetFiles(vars: Vars, images: string[]) {
  for (const image of images.filter(isDiarySetImage)) {
    await removeUpload(vars.config.uploadsDir, uploadRelativePath(image)!).catch((error) =>
      vars.logger.warn("could not remove an entry image file", {
        image,
        error: (error as Error).message,
      }),
    );
  }
}
