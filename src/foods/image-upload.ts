import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { sniffImage } from "../lib/image-sniff.ts";
import { removeUpload, saveUpload } from "../storage/uploads.ts";

/**
 * The phone app's photo uploads (SparkyFitnessMobile's imageUploadClient.ts): multipart
 * with an ordered JSON list `images` of the photos to keep and `__new__<n>` placeholders
 * where the n-th uploaded file goes, then the files, each a part named `images`. For foods
 * and meals the list travels inside the wrapper field's JSON (`foodData`, `mealData`).
 */

type Vars = AppEnv["Variables"];
const PLACEHOLDER = /^__new__(\d+)$/;
export const MAX_IMAGES = 20;

/** Uploaded image files, stored under `<area>/<user>/`; their `/uploads/...` paths in order. */
export async function storeImageFiles(
  vars: Vars,
  area: "foods" | "food_entries",
  files: File[],
): Promise<string[]> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const sniffed = await sniffImage(bytes);
      if (!sniffed) throw new HttpError(400, "Each image must be a JPEG, PNG, GIF or WebP image.");
      const relative = `${area}/${vars.auth.userId}/${crypto.randomUUID()}.${sniffed.ext}`;
      await saveUpload(vars.config.uploadsDir, relative, bytes);
      stored.push(`/uploads/${relative}`);
    }
  } catch (error) {
    await removeStoredImages(vars, stored);
    throw error;
  }
  return stored;
}

/** Removes files stored by this request when it fails. */
export async function removeStoredImages(vars: Vars, paths: string[]) {
  for (const path of paths)
    await removeUpload(vars.config.uploadsDir, path.slice("/uploads/".length)).catch(() => {});
}

/** The `images` order a client sent: a JSON list of strings, or undefined when absent. */
export function readImageOrder(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      list = null;
    }
  }
  if (!Array.isArray(list) || !list.every((v) => typeof v === "string"))
    throw new HttpError(
      400,
      "images must be a JSON list of image paths and __new__<n> placeholders.",
    );
  return list;
}

/**
 * The final list: each `__new__<n>` replaced by the n-th uploaded path, uploads the order
 * does not name appended (a client that sends files alone gets them all).
 */
export function applyImageOrder(order: string[] | undefined, uploaded: string[]): string[] {
  const used = new Set<number>();
  const images = (order ?? []).map((entry) => {
    const match = PLACEHOLDER.exec(entry);
    if (!match) return entry;
    const index = Number(match[1]);
    if (uploaded[index] === undefined) throw new HttpError(400, `${entry} names no uploaded file.`);
    used.add(index);
    return uploaded[index];
  });
  images.push(...uploaded.filter((_, i) => !used.has(i)));
  if (images.length > MAX_IMAGES) throw new HttpError(400, `At most ${MAX_IMAGES} images.`);
  return images;
}

/** The file parts of a form under these names, empty ones left out. */
export function imageFiles(form: FormData, ...names: string[]): File[] {
  return names
    .flatMap((name) => form.getAll(name))
    .filter((v): v is File => v instanceof File && v.size > 0);
}

/**
 * Lets a JSON route for foods or meals take the app's multipart form: the wrapper field's
 * JSON becomes the body, its `images` resolved against the files stored here. The files are
 * removed again when the route then refuses the request. A JSON body passes unchanged.
 */
export function multipartImages(wrapperField: "foodData" | "mealData"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data"))
      return next();
    const form = await c.req.raw.formData().catch(() => null);
    const wrapper = form?.get(wrapperField);
    let payload: unknown = null;
    try {
      payload = typeof wrapper === "string" ? JSON.parse(wrapper) : null;
    } catch {}
    if (!form || !payload || typeof payload !== "object" || Array.isArray(payload))
      throw new HttpError(400, `Send the ${wrapperField} field as a JSON object.`);
    const body = payload as Record<string, unknown>;
    const order = readImageOrder(body.images);
    const stored = await storeImageFiles(c.var, "foods", imageFiles(form, "images"));
    try {
      if (order !== undefined || stored.length > 0) body.images = applyImageOrder(order, stored);
    } catch (error) {
      await removeStoredImages(c.var, stored);
      throw error;
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    c.req.raw = new Request(c.req.raw.url, {
      method: c.req.raw.method,
      headers,
      body: JSON.stringify(body),
    });
    await next();
    if (c.res.status >= 400) await removeStoredImages(c.var, stored);
  };
}
