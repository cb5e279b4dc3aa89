import type { AppEnv } from "../http/context.ts";
import { removeUpload } from "../storage/uploads.ts";
import { FOOD_UPLOAD_PREFIX, uploadRelativePath } from "./images.ts";

type Vars = Pick<AppEnv["Variables"], "db" | "config" | "logger">;

/**
 * Rule 8: files of images dropped from a food are deleted only when no food, diary entry
 * or logged meal still references the path. Any error during the check keeps the file:
 * a stray file wastes space, a missing one breaks a diary.
 */
export async function removeUnreferencedImages(
  vars: Vars,
  userId: string,
  actorId: string,
  paths: string[],
): Promise<void> {
  for (const path of paths.filter((p) => p.startsWith(FOOD_UPLOAD_PREFIX))) {
    try {
      const referenced = await vars.db.withUser(
        userId,
        async (tx) => {
          const [row] = await tx<{ used: boolean }[]>`
            select exists (select 1 from food_entries where user_id = ${userId} and images ? ${path})
                or exists (select 1 from food_entry_meals where user_id = ${userId} and images ? ${path})
                or exists (select 1 from foods where user_id = ${userId} and images ? ${path}) as used`;
          return row!.used;
        },
        actorId,
      );
      if (!referenced) await removeUpload(vars.config.uploadsDir, uploadRelativePath(path)!);
    } catch (error) {
      vars.logger.warn("kept a food image file: its references could not be checked", {
        path,
        error: (error as Error).message,
      });
    }
  }
}
