import type { Context, MiddlewareHandler } from "hono";
import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { sniffImage } from "../lib/image-sniff.ts";
import { removeUpload, saveUpload } from "../storage/uploads.ts";

/**
 * A custom exercise arrives as JSON, or as the phone app sends it: multipart with the JSON
 * in field `exerciseData` and photos in field `images`.
 */

export const MAX_EXERCISE_IMAGES = 10;
export const UPLOAD_PREFIX = "/uploads/exercises/";

export const exerciseForm = z.object({
  exerciseData: z.string().describe("The exercise as JSON, the fields of the JSON body"),
  images: z.any().optional().describe(`Up to ${MAX_EXERCISE_IMAGES} photos (jpeg, png, gif, webp)`),
});

const isMultipart = (c: Context<AppEnv>) =>
  (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** The demo account may add and change exercises, but uploads no photos (as everywhere). */
export const blockDemoPhotos: MiddlewareHandler<AppEnv> = (c, next) =>
  isMultipart(c) ? blockDemoAccount()(c, next) : next();

/** The exercise fields sent, parsed by `schema`, and the photos sent with them (not yet saved). */
export async function readExerciseBody<T extends z.ZodType>(
  c: Context<AppEnv>,
  schema: T,
  json: unknown,
): Promise<{ input: z.infer<T>; photos: Uint8Array[] }> {
  if (!isMultipart(c)) return { input: schema.parse(json), photos: [] };
  const form = await c.req.formData();
  const raw = form.get("exerciseData");
  let data: unknown;
  try {
    data = JSON.parse(typeof raw === "string" ? raw : "");
  } catch {
    throw new HttpError(400, 'Send the exercise as JSON in the multipart field "exerciseData".');
  }
  const files = form.getAll("images").filter((f): f is File => f instanceof File && f.size > 0);
  if (files.length > MAX_EXERCISE_IMAGES)
    throw new HttpError(400, `At most ${MAX_EXERCISE_IMAGES} images per exercise.`);
  const input = schema.parse(data);
  const photos = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
  return { input, photos };
}

/**
 * Stores the photos of one user's exercise and runs `write` with their paths; the files
 * are removed again when `write` fails, so a refused change leaves nothing behind.
 */
export async function withExercisePhotos<T>(
  c: Context<AppEnv>,
  photos: Uint8Array[],
  write: (paths: string[]) => Promise<T>,
): Promise<T> {
  const types = await Promise.all(photos.map(sniffImage));
  if (types.some((t) => !t))
    throw new HttpError(400, "Exercise images must be JPEG, PNG, GIF or WebP images.");
  const { uploadsDir } = c.var.config;
  const relatives = types.map(
    (t) => `exercises/${c.var.auth.userId}/${crypto.randomUUID()}.${t!.ext}`,
  );
  const saved: string[] = [];
  try {
    for (const [i, relative] of relatives.entries()) {
      await saveUpload(uploadsDir, relative, photos[i]!);
      saved.push(relative);
    }
    return await write(relatives.map((r) => UPLOAD_PREFIX + r.slice("exercises/".length)));
  } catch (error) {
    await Promise.all(saved.map((r) => removeUpload(uploadsDir, r)));
    throw error;
  }
}

/** Removes the photos this server stored among an exercise's images (links elsewhere stay). */
export async function removeExercisePhotos(c: Context<AppEnv>, images: string[]) {
  const stored = images.filter((path) => path.startsWith(UPLOAD_PREFIX));
  await Promise.all(
    stored.map((path) =>
      removeUpload(c.var.config.uploadsDir, "exercises/" + path.slice(UPLOAD_PREFIX.length)),
    ),
  );
}
