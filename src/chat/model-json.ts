import type { z } from "@hono/zod-openapi";
import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { spendChatRequest } from "./history-queries.ts";
import { createLanguageModel } from "./model.ts";
import { resolveChatModel } from "./settings.ts";

export type ModelDeps = { config: Config; db: Database; logger: Logger };
type Part = { type: "text"; text: string } | { type: "file"; data: Uint8Array; mediaType: string };

/**
 * One request to the configured model for a JSON answer, on the caller's daily budget:
 * 503 without a model, 429 past the budget, 502 when the model fails or its answer does
 * not match `schema` (`unreadable` says what could not be read). Nothing is saved.
 */
export async function askModelForJson<T extends z.ZodType>(
  deps: ModelDeps,
  actorId: string,
  content: Part[],
  schema: T,
  unreadable: string,
): Promise<z.infer<T>> {
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
      messages: [{ role: "user", content }],
    }));
  } catch (error) {
    deps.logger.warn("model request failed", { error: (error as Error).message });
    throw new HttpError(502, `The AI model failed: ${(error as Error).message.slice(0, 300)}`);
  }
  const parsed = schema.safeParse(parseJsonObject(text));
  if (!parsed.success) throw new HttpError(502, unreadable);
  return parsed.data;
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
