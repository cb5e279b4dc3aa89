import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { FOOD_UPLOAD_PREFIX } from "../foods/images.ts";
import { readLibraryFood } from "../foods/lookups.ts";
import type { Food } from "../foods/schemas.ts";
import type { AppEnv } from "../http/context.ts";
import { openUpload } from "../storage/uploads.ts";
import {
  claimPublish,
  contributionsEnabled,
  deleteContribution,
  findContribution,
  finishPublish,
  saveConfirmations,
  saveDraft,
  savePreview,
  type ContributionRow,
} from "./contribution-queries.ts";
import { contributionFields, publishToOff, type OffTarget } from "./off-publish.ts";
import { usableProviders } from "./service.ts";

type Vars = AppEnv["Variables"];
type Draft = { photo: string; photo_type: string; language: string };

export const NOT_ENABLED = "Contributing to Open Food Facts is not enabled on this server.";
const NO_CONTRIBUTION = "There is no contribution for this food.";
const PUBLISHED = "This contribution was already sent; it cannot change.";

// Every step runs as the owner acting as themselves: the route is owner_only, so a family
// delegate never contributes another person's food.
const asOwner = <T>(vars: Vars, fn: (tx: Tx) => Promise<T>) =>
  vars.db.withUser(vars.auth.userId, fn, vars.auth.actorId);

export async function requireEnabled(vars: Vars): Promise<void> {
  if (!(await contributionsEnabled(vars.db))) throw new HttpError(403, NOT_ENABLED);
}

async function requireFood(vars: Vars, foodId: string): Promise<Food> {
  const { userId, actorId } = vars.auth;
  const food = await readLibraryFood(vars.db, userId, actorId, foodId);
  if (!food) throw new HttpError(404, "Food not found.");
  return food;
}

export async function getContribution(vars: Vars, foodId: string): Promise<ContributionRow> {
  const row = await asOwner(vars, (tx) => findContribution(tx, vars.auth.userId, foodId));
  if (!row) throw new HttpError(404, NO_CONTRIBUTION);
  return row;
}

/**
 * Starts or changes the draft. Changing the photo, its type or the language clears the
 * preview and both confirmations (back to draft); sending the same values changes nothing.
 */
export async function changeDraft(vars: Vars, foodId: string, draft: Draft) {
  const food = await requireFood(vars, foodId);
  if (!food.barcode) throw new HttpError(400, "The food needs a barcode to be contributed.");
  if (!food.images.includes(draft.photo) || !draft.photo.startsWith(FOOD_UPLOAD_PREFIX)) {
    throw new HttpError(400, "photo must be one of the food's stored images (/uploads/foods/...).");
  }
  return asOwner(vars, async (tx) => {
    const current = await findContribution(tx, vars.auth.userId, foodId);
    if (current && ["publishing", "published", "uncertain"].includes(current.state)) {
      throw new HttpError(409, PUBLISHED);
    }
    const same =
      current &&
      current.photo === draft.photo &&
      current.photo_type === draft.photo_type &&
      current.language === draft.language;
    return same ? current : saveDraft(tx, vars.auth.userId, foodId, draft);
  });
}

/** A new preview of exactly what will be sent, valid ten minutes, confirmations unchecked. */
export async function previewContribution(vars: Vars, foodId: string) {
  const food = await requireFood(vars, foodId);
  return asOwner(vars, async (tx) => {
    const current = await findContribution(tx, vars.auth.userId, foodId);
    if (!current) throw new HttpError(404, NO_CONTRIBUTION);
    if (!["draft", "previewed", "failed"].includes(current.state))
      throw new HttpError(409, PUBLISHED);
    return savePreview(
      tx,
      current.id,
      contributionFields(food, current.photo_type, current.language),
    );
  });
}

function requireLivePreview(row: ContributionRow) {
  if (["publishing", "published", "uncertain"].includes(row.state))
    throw new HttpError(409, PUBLISHED);
  if (row.state !== "previewed") throw new HttpError(409, "Preview the contribution first.");
  if (!row.preview_expires_at || row.preview_expires_at <= new Date()) {
    throw new HttpError(409, "The preview has expired; preview the contribution again.");
  }
}

export async function confirmContribution(
  vars: Vars,
  foodId: string,
  confirmations: { data_accuracy: boolean; photo_rights: boolean },
) {
  return asOwner(vars, async (tx) => {
    const current = await findContribution(tx, vars.auth.userId, foodId);
    if (!current) throw new HttpError(404, NO_CONTRIBUTION);
    requireLivePreview(current);
    return saveConfirmations(tx, current.id, confirmations);
  });
}

/** Where to publish: the user's own Open Food Facts provider (with its account), else the server's. */
async function publishTarget(vars: Vars): Promise<OffTarget> {
  const own = (await usableProviders(vars)).find((s) => s.type === "openfoodfacts" && s.id);
  const baseUrl = own?.baseUrl ?? vars.config.foodProviders.openFoodFactsUrl;
  const target = { baseUrl, appId: own?.appId ?? null, appKey: own?.appKey ?? null };
  // A password must not cross the network in the clear.
  if (target.appId && !baseUrl.startsWith("https://")) {
    throw new HttpError(400, "Publishing with Open Food Facts credentials requires HTTPS.");
  }
  return target;
}

/** The one publish attempt; never retried automatically, whatever its outcome. */
export async function publishContribution(vars: Vars, foodId: string) {
  const current = await getContribution(vars, foodId);
  requireLivePreview(current);
  if (!current.confirmed_accuracy || !current.confirmed_photo_rights) {
    throw new HttpError(400, "Confirm the data accuracy and your rights to the photo first.");
  }
  const target = await publishTarget(vars);
  const file = await openUpload(vars.config.uploadsDir, current.photo.slice("/uploads/".length));
  if (!file) throw new HttpError(409, "The photo is no longer stored; choose another one.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const claimed = await asOwner(vars, (tx) => claimPublish(tx, vars.auth.userId, current.id));
  if (!claimed)
    throw new HttpError(409, "Another contribution is being published; one product at a time.");
  const outcome = await publishToOff(
    target,
    current.preview!,
    { bytes, name: current.photo.split("/").pop()! },
    {
      timeoutMs: vars.config.foodProviders.timeoutMs,
      allowHost: vars.config.testFetchAllowHost,
    },
  );
  return asOwner(vars, (tx) => finishPublish(tx, current.id, outcome.state, outcome.message));
}

/** Forgets a contribution (not while it is being published). */
export async function discardContribution(vars: Vars, foodId: string) {
  const current = await getContribution(vars, foodId);
  if (current.state === "publishing")
    throw new HttpError(409, "The contribution is being published.");
  await asOwner(vars, (tx) => deleteContribution(tx, current.id));
}
