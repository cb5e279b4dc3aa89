import { z } from "@hono/zod-openapi";
import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import { sniffImage } from "../lib/image-sniff.ts";
import type { Logger } from "../logger.ts";
import { spendChatRequest } from "./history-queries.ts";
import { createLanguageModel } from "./model.ts";
import { resolveChatModel } from "./settings.ts";

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

type Deps = { config: Config; db: Database; logger: Logger };

/**
 * Asks a vision-capable model what the photo shows. Nothing is saved: the answer is a
 * proposal the user confirms (or corrects) before any food or diary entry is created.
 */
export async function estimateFoodPhoto(
  deps: Deps,
  actorId: string,
  input: { kind: "meal" | "label"; image: Uint8Array; note?: string },
) {
  if (input.image.byteLength > MAX_PHOTO_BYTES)
    throw new HttpError(413, "The photo is larger than 5 MB.");
  const type = await sniffImage(input.image);
  if (!type) throw new HttpError(400, "The photo must be a JPEG, PNG, GIF or WebP image.");
  const settings = await resolveChatModel(deps.db, deps.config.apiEncryptionKey, actorId);
  const today = new Date().toISOString().slice(0, 10);
  const spent = await deps.db.withUser(actorId, (tx) => spendChatRequest(tx, actorId, today));
  if (spent > settings.dailyRequestLimit)
    throw new HttpError(429, "You have used today's AI assistant requests. Try again tomorrow.");
  let text: string;
  try {
    const { generateText } = await import("ai");
    ({ text } = await generateText({
      model: await createLanguageModel(settings, deps.config),
      maxRetries: 0,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: [INSTRUCTIONS[input.kind], input.note ?? ""].join("\n") },
            { type: "file", data: input.image, mediaType: type.mime },
          ],
        },
      ],
    }));
  } catch (error) {
    deps.logger.warn("food photo model failed", { error: (error as Error).message });
    throw new HttpError(502, `The AI model failed: ${(error as Error).message.slice(0, 300)}`);
  }
  const parsed = modelAnswerSchema.safeParse(parseJsonObject(text));
  if (!parsed.success)
    throw new HttpError(
      502,
      "The AI model's answer could not be read as foods; try another photo.",
    );
  return { kind: input.kind, foods: parsed.data.foods, confirm_required: true as const };
}

/** The first JSON object in a model's text (models often wrap JSON in prose or fences). */
function parseJsonObject(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}
