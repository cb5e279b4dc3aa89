import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { sniffImage } from "../lib/image-sniff.ts";
import { askModelForJson, type ModelDeps } from "./model-json.ts";

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export const estimatedFoodSchema = z.object({
  name: z.string().min(1).max(200),
  brand: z.string().max(200).nullable().optional(),
  serving_size: z.number().positive(),
  serving_unit: z.string().min(1).max(30),
  calories: z.number().min(0),
  protein: z.number().min(0),
  carbs: z.number().min(0),
  fat: z.number().min(0),
  confidence: z.enum(["low", "medium", "high"]).optional(),
});

const modelAnswerSchema = z.object({ foods: z.array(estimatedFoodSchema).max(20) });

const INSTRUCTIONS = {
  meal:
    "Identify each food on this photo and estimate its portion and nutrients. Answer with JSON only: " +
    '{"foods":[{"name","serving_size","serving_unit","calories","protein","carbs","fat","confidence":"low|medium|high"}]}.',
  label:
    "Read this nutrition label. Answer with JSON only, one food with the label's serving: " +
    '{"foods":[{"name","brand","serving_size","serving_unit","calories","protein","carbs","fat","confidence":"high"}]}.',
};

/**
 * Asks a vision-capable model what the photo shows. Nothing is saved: the answer is a
 * proposal the user confirms (or corrects) before any food or diary entry is created.
 */
export async function estimateFoodPhoto(
  deps: ModelDeps,
  actorId: string,
  input: { kind: "meal" | "label"; image: Uint8Array; note?: string },
) {
  const mediaType = await requirePhoto(input.image);
  const { foods } = await askModelForJson(
    deps,
    actorId,
    [
      { type: "text", text: [INSTRUCTIONS[input.kind], input.note ?? ""].join("\n") },
      { type: "file", data: input.image, mediaType },
    ],
    modelAnswerSchema,
    "The AI model's answer could not be read as foods; try another photo.",
  );
  return { kind: input.kind, foods, confirm_required: true as const };
}

/** The photo's media type; 413 above 5 MB, 400 when it is not an image. */
export async function requirePhoto(image: Uint8Array): Promise<string> {
  if (image.byteLength > MAX_PHOTO_BYTES)
    throw new HttpError(413, "The photo is larger than 5 MB.");
  const type = await sniffImage(image);
  if (!type) throw new HttpError(400, "The photo must be a JPEG, PNG, GIF or WebP image.");
  return type.mime;
}
