import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { HttpError } from "../errors.ts";
import { createGuardedFetch } from "../lib/guarded-fetch.ts";
import type { ChatModelSettings } from "./settings.ts";

// A model may think for a while before the first token; a stream may run for minutes.
const MODEL_TIMEOUT_MS = 120_000;

/**
 * The configured model, reached through the SSRF guard: hosts on the home network only
 * when the administrator allowed it (`testFetchAllowHost` lets tests reach their fake).
 */
export function createLanguageModel(
  settings: ChatModelSettings,
  testFetchAllowHost: string | undefined,
): LanguageModel {
  const fetch = createGuardedFetch({
    allowPrivateNetwork: settings.allowPrivateNetwork,
    allowHost: testFetchAllowHost,
    timeoutMs: MODEL_TIMEOUT_MS,
  });
  const baseURL = settings.baseUrl ?? undefined;
  const apiKey = settings.apiKey;
  switch (settings.provider) {
    case "anthropic":
      return createAnthropic({ baseURL, apiKey, fetch })(settings.model);
    case "google":
      return createGoogleGenerativeAI({ baseURL, apiKey, fetch })(settings.model);
    case "openai-compatible":
      if (!baseURL) throw new HttpError(503, "The AI assistant's model has no base URL.");
      return createOpenAICompatible({ name: "model", baseURL, apiKey, fetch }).chatModel(
        settings.model,
      );
  }
}
