import { HttpError } from "../errors.ts";
import { applyImageOrder, removeStoredImages, storeImageFiles } from "../foods/image-upload.ts";
import { isDiarySetImage, uploadRelativePath } from "../foods/images.ts";
import type { AppEnv } from "../http/context.ts";
import { removeUpload } from "../storage/uploads.ts";

type Vars = AppEnv["Variables"];
/** The diary rows that carry images of their own: entries and logged meals. */
export type ImageTable = "food_entries" | "food_entry_meals";

/**
 * Sets the images the user chose for one entry or logged meal (rule 7: never touched by a
 * snapshot update): `order` lists the row's images to keep and `__new__<n>` placeholders
 * for the files, stored under /uploads/food_entries/ (image-upload.ts); without it the files
 * replace the row's images. The bytes decide each file's type. Null when there is no such row.
 */
export async function setEntryImages(
  vars: Vars,
  table: ImageTable,
  id: string,
  order: string[] | undefined,
  files: File[],
): Promise<string[] | null> {
  const stored = await storeImageFiles(vars, "food_entries", files);
  let change: { previous: string[]; images: string[] } | null;
  try {
    change = await updateImages(vars, table, id, (current) => {
      const strange = (order ?? []).find((v) => !/^__new__\d+$/.test(v) && !current.includes(v));
      if (strange) throw new HttpError(400, `${strange} is not an image of this row.`);
      return applyImageOrder(order, stored);
    });
  } catch (error) {
    await removeStoredImages(vars, stored);
    throw error;
  }
  if (!change) {
    await removeStoredImages(vars, stored);
    return null;
  }
  await removeDiarySetFiles(
    vars,
    change.previous.filter((image) => !change.images.includes(image)),
  );
  return change.images;
}

/** Clears the images of an entry or logged meal; false when there is no such row. */
export async function clearEntryImage(vars: Vars, table: ImageTable, id: string): Promise<boolean> {
  const change = await updateImages(vars, table, id, () => []);
  if (!change) return false;
  await removeDiarySetFiles(vars, change.previous);
  return true;
}

/** Replaces a row's images with what `next` makes of the current ones, under a row lock. */
async function updateImages(
  vars: Vars,
  table: ImageTable,
  id: string,
  next: (current: string[]) => string[],
) {
  const { userId, actorId } = vars.auth;
  return vars.db.withUser(
    userId,
    async (tx) => {
      const [row] = await tx<{ images: string[] }[]>`
        select images from ${tx(table)} where id = ${id} and user_id = ${userId} for update`;
      if (!row) return null;
      const images = next(row.images);
      await tx`update ${tx(table)} set images = ${tx.json(images)}, updated_at = now() where id = ${id}`;
      return { previous: row.images, images };
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
