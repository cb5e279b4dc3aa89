import type { LanguageModel } from "ai";
import type { Config } from "../config.ts";
import { HttpError } from "../errors.ts";
import { createGuardedFetch } from "../lib/guarded-fetch.ts";
import type { ChatModelSettings } from "./settings.ts";

/**
 * The configured model, reached through the SSRF guard: hosts on the home network only
 * when the administrator allowed it (`testFetchAllowHost` lets tests reach their fake). A
 * request, streamed answer included, ends at `chatModelTimeoutMs` (a local model may think
 * for a while before its first token). Only the chosen provider's library is loaded, on
 * first use, like every library of a rarely used feature (README, "Memory").
 */
export async function createLanguageModel(
  settings: ChatModelSettings,
  config: Pick<Config, "testFetchAllowHost" | "chatModelTimeoutMs">,
): Promise<LanguageModel> {
  const fetch = createGuardedFetch({
    allowPrivateNetwork: settings.allowPrivateNetwork,
    allowHost: config.testFetchAllowHost,
    timeoutMs: config.chatModelTimeoutMs,
  });
  const baseURL = settings.baseUrl ?? undefined;
  const apiKey = settings.apiKey;
  switch (settings.provider) {
    case "anthropic": {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      return createAnthropic({ baseURL, apiKey, fetch })(settings.model);
    }
    case "google": {
      const { createGoogleGenerativeAI } = await import("@ai-sdk/google");
      return createGoogleGenerativeAI({ baseURL, apiKey, fetch })(settings.model);
    }
    case "openai-compatible": {
      if (!baseURL) throw new HttpError(503, "The AI assistant's model has no base URL.");
      const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
      return createOpenAICompatible({ name: "model", baseURL, apiKey, fetch }).chatModel(
        settings.model,
      );
    }
  }
}
