import type { Tx } from "../db.ts";
import type { AppEnv } from "../http/context.ts";
import { downloadImage } from "../lib/remote-image.ts";
import { removeUpload, saveUpload } from "../storage/uploads.ts";
import { FOOD_UPLOAD_PREFIX, isRemoteImage } from "./images.ts";

type Vars = Pick<AppEnv["Variables"], "db" | "config" | "logger">;

/** Queues the download of a food's remote images; written in the save's own transaction. */
export async function queueImageDownload(tx: Tx, userId: string, foodId: string, images: string[]) {
  if (!images.some(isRemoteImage)) return;
  await tx`insert into food_image_jobs (user_id, food_id) values (${userId}, ${foodId})`;
}

// A claim older than this belongs to a server that died mid-download; it may be taken again.
const STALE_CLAIM = "5 minutes";

/**
 * Rule 3, after the save commits: downloads the user's queued food images into
 * /uploads/foods/<food_id>/ and rewrites the stored values to those paths. A failed or
 * refused download keeps the remote URL and is not an error. Jobs are claimed with
 * FOR UPDATE SKIP LOCKED so servers sharing the database never take the same one.
 */
export async function runImageJobs(vars: Vars, userId: string, actorId: string): Promise<void> {
  for (;;) {
    const job = await vars.db.withUser(userId, (tx) => claimJob(tx, userId), actorId);
    if (!job) return;
    await downloadFoodImages(vars, userId, actorId, job.food_id);
    await vars.db.withUser(
      userId,
      (tx) => tx`delete from food_image_jobs where id = ${job.id}`,
      actorId,
    );
  }
}

async function claimJob(tx: Tx, userId: string) {
  const [job] = await tx<{ id: string; food_id: string }[]>`
    update food_image_jobs set claimed_at = now()
     where id = (select id from food_image_jobs
                  where user_id = ${userId}
                    and (claimed_at is null or claimed_at < now() - ${STALE_CLAIM}::interval)
                  order by id limit 1 for update skip locked)
    returning id, food_id`;
  return job ?? null;
}

async function downloadFoodImages(vars: Vars, userId: string, actorId: string, foodId: string) {
  const [food] = await vars.db.withUser(
    userId,
    (tx) => tx<{ images: string[] }[]>`select images from foods where id = ${foodId}`,
    actorId,
  );
  const stored = new Map<string, string>();
  for (const url of food?.images.filter(isRemoteImage) ?? []) {
    const path = await storeRemoteImage(vars, foodId, url);
    if (path) stored.set(url, path);
  }
  if (stored.size === 0) return;
  const kept = await vars.db.withUser(userId, (tx) => rewriteImages(tx, foodId, stored), actorId);
  // A URL removed from the food while it downloaded: its file has no reference.
  for (const [url, path] of stored) {
    if (!kept.has(url)) await removeUpload(vars.config.uploadsDir, path.slice("/uploads/".length));
  }
}

async function storeRemoteImage(vars: Vars, foodId: string, url: string): Promise<string | null> {
  try {
    const image = await downloadImage(url, vars.config.testFetchAllowHost);
    const relative = `foods/${foodId}/${crypto.randomUUID()}.${image.ext}`;
    await saveUpload(vars.config.uploadsDir, relative, image.bytes);
    return FOOD_UPLOAD_PREFIX + relative.slice("foods/".length);
  } catch (error) {
    vars.logger.info("food image not downloaded; the remote URL stays", {
      foodId,
      error: (error as Error).message,
    });
    return null;
  }
}

/**
 * Re-reads the images under a row lock so an edit made during the download is not lost.
 * Entries of this food logged before the download finished inherited the remote URL
 * (rule 6); it is the same photo, so they get the local copy too. Logging locks the food
 * row while it takes its snapshot (snapshotFood), so no entry slips between the two.
 */
async function rewriteImages(tx: Tx, foodId: string, stored: Map<string, string>) {
  const [row] = await tx<{ images: string[] }[]>`
    select images from foods where id = ${foodId} for update`;
  const kept = new Set<string>();
  if (!row) return kept;
  const images = row.images.map((value) => {
    const path = stored.get(value);
    if (path) kept.add(value);
    return path ?? value;
  });
  await tx`update foods set images = ${tx.json(images)} where id = ${foodId}`;
  const replaced = Object.fromEntries([...stored].filter(([url]) => kept.has(url)));
  if (kept.size > 0) {
    await tx`
      update food_entries e
         set images = (select jsonb_agg(coalesce(r.path, x.value) order by x.n)
                         from jsonb_array_elements_text(e.images) with ordinality x (value, n)
                         left join jsonb_each_text(${tx.json(replaced)}) r (url, path)
                           on r.url = x.value)
       where e.food_id = ${foodId} and e.images ?| ${[...kept]}::text[]`;
  }
  return kept;
}
