import { HttpError } from "../errors.ts";
import type { AppEnv, AuthInfo } from "../http/context.ts";
import { removeUnreferencedImages } from "./image-cleanup.ts";
import { queueImageDownload, runImageJobs } from "./image-jobs.ts";
import { normalizeImages } from "./images.ts";
import {
  findFood,
  findFoodByIdentity,
  insertFood,
  insertVariants,
  setFoodImages,
  updateFoodRow,
  type FoodFields,
} from "./queries.ts";
import { variantInputSchema, type Food, type FoodInput, type VariantInput } from "./schemas.ts";
import { updateDefaultVariant } from "./variant-queries.ts";

/** Who saves and with what: an HTTP request's variables, or an assistant tool's context. */
export type FoodSaver = Pick<AppEnv["Variables"], "db" | "config" | "logger"> & {
  auth: Pick<AuthInfo, "userId" | "actorId">;
};

/** The serving data of a payload: `variants`, `default_variant`, or flat fields on the body. */
function variantsOf(input: Partial<FoodInput>): VariantInput[] | undefined {
  if (input.variants) return input.variants;
  if (input.default_variant) return [{ ...input.default_variant, is_default: true }];
  if (input.serving_size === undefined && input.serving_unit === undefined) return undefined;
  if (input.serving_size === undefined || input.serving_unit === undefined) {
    throw new HttpError(400, "serving_size and serving_unit must be sent together.");
  }
  return [{ ...variantInputSchema.parse(input), is_default: true }];
}

function fieldsOf(input: Partial<FoodInput>): Partial<FoodFields> {
  const keys = [
    "name",
    "brand",
    "barcode",
    "provider_type",
    "provider_external_id",
    "is_custom",
    "is_quick_food",
    "provider_verified",
  ] as const;
  return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
}

// Downloads run after the response: a slow image host must not hold up the save.
function downloadLater(vars: FoodSaver) {
  const { userId, actorId } = vars.auth;
  runImageJobs(vars, userId, actorId).catch((error) =>
    vars.logger.warn("food image jobs failed", { error: (error as Error).message }),
  );
}

/**
 * Creates a food, or returns the one already in the library with the same barcode or
 * provider id (rule 5), back-filling its photo only when it has none. The image keys of
 * every payload pass through here (rule 4).
 */
export async function saveNewFood(
  vars: FoodSaver,
  input: FoodInput,
): Promise<{ food: Food; created: boolean }> {
  const variants = variantsOf(input);
  const images = normalizeImages(input) ?? [];
  const { userId, actorId } = vars.auth;
  const result = await vars.db.withUser(
    userId,
    async (tx) => {
      const fields = fieldsOf(input) as FoodFields;
      const existing = await findFoodByIdentity(tx, userId, fields);
      if (existing) {
        if (existing.images.length === 0 && images.length > 0) {
          await setFoodImages(tx, existing.id, images);
          await queueImageDownload(tx, userId, existing.id, images);
        }
        return { id: existing.id, created: false };
      }
      if (!variants) throw new HttpError(400, "serving_size and serving_unit are required.");
      const id = await insertFood(tx, userId, fields, images);
      await insertVariants(tx, userId, id, variants);
      await queueImageDownload(tx, userId, id, images);
      return { id, created: true };
    },
    actorId,
  );
  downloadLater(vars);
  const food = await vars.db.withUser(userId, (tx) => findFood(tx, userId, result.id), actorId);
  return { food: food!, created: result.created };
}

/** Updates a food; a dropped image's file goes only when nothing references it (rule 8). */
export async function saveFoodChanges(
  vars: FoodSaver,
  id: string,
  input: Partial<FoodInput>,
): Promise<Food | null> {
  const images = normalizeImages(input);
  const variants = variantsOf(input);
  const { userId, actorId } = vars.auth;
  const saved = await vars.db.withUser(
    userId,
    async (tx) => {
      const updated = await updateFoodRow(tx, userId, id, fieldsOf(input), images);
      if (!updated) return null;
      if (variants)
        await updateDefaultVariant(
          tx,
          userId,
          id,
          variants.find((v) => v.is_default) ?? variants[0]!,
        );
      if (images) await queueImageDownload(tx, userId, id, images);
      return { previous: updated.previousImages, food: await findFood(tx, userId, id) };
    },
    actorId,
  );
  if (!saved) return null;
  downloadLater(vars);
  if (images) {
    const dropped = saved.previous.filter((path) => !images.includes(path));
    await removeUnreferencedImages(vars, userId, actorId, dropped);
  }
  return saved.food;
}

/**
 * Rule 9: `force` hard-deletes the food with its diary entries; otherwise a food that
 * entries use is hidden (is_quick_food), keeping its rows and images, and an unused one is
 * deleted. Null when there is no such food.
 */
export async function removeFood(
  vars: FoodSaver,
  id: string,
  force: boolean,
): Promise<string | null> {
  const { userId, actorId } = vars.auth;
  const outcome = await vars.db.withUser(
    userId,
    async (tx) => {
      const [food] = await tx<{ images: string[]; used: boolean }[]>`
        select images, exists (select 1 from food_entries e where e.food_id = f.id) as used
          from foods f where id = ${id} and user_id = ${userId}`;
      if (!food) return null;
      if (food.used && !force) {
        await tx`update foods set is_quick_food = true, updated_at = now() where id = ${id}`;
        return { hidden: true, images: food.images };
      }
      await tx`delete from foods where id = ${id}`;
      return { hidden: false, images: food.images };
    },
    actorId,
  );
  if (!outcome) return null;
  if (outcome.hidden) return "Food is used in the diary, so it was hidden instead of deleted.";
  await removeUnreferencedImages(vars, userId, actorId, outcome.images);
  return "Food deleted successfully.";
}
