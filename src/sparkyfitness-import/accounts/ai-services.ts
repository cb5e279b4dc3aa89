import { encryptApiKey } from "../../credentials/api-key-crypto.ts";
import type { ModelProvider } from "../../chat/settings.ts";
import { saveChanged } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "../run/context.ts";
import { openSourceSecret } from "../source/source-crypto.ts";

// Where that server sends each kind of OpenAI-compatible service (its ai/config.ts); the
// others take the URL given (an Ollama's with /v1 added, as there).
const OPENAI_COMPATIBLE: Record<string, string> = {
  openai: "https://api.openai.com/v1",
  mistral: "https://api.mistral.ai/v1",
  groq: "https://api.groq.com/openai/v1",
  openrouter: "https://openrouter.ai/api/v1",
  xai: "https://api.x.ai/v1",
  meta: "https://api.meta.ai/v1",
};

// Its default model of each kind, for a service saved without one.
const DEFAULT_MODELS: Record<string, string> = {
  anthropic: "claude-sonnet-4-6",
  google: "gemini-2.5-flash",
  mistral: "mistral-small-latest",
  groq: "llama-3.3-70b-versatile",
  openrouter: "google/gemini-2.5-flash",
  xai: "grok-4.3",
  meta: "muse-spark-1.1",
  ollama: "llama3.2",
};

type Chosen = {
  provider: ModelProvider;
  base_url: string | null;
  model: string;
  key: string | null;
};

/**
 * The AI service the person chats with there (the active one of their own services) is their
 * own model here (one per person: the others are listed as skipped). Its key, sealed there
 * with SPARKY_FITNESS_API_ENCRYPTION_KEY, is opened with `--api-key-secret` and sealed again
 * here; without it the service comes without its key and the summary says so.
 */
export const aiServices: TableImporter = {
  table: "ai_service_settings",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select s.id, s.service_type, s.service_name, s.custom_url, s.model_name, s.is_active,
               s.encrypted_api_key, s.api_key_iv, s.api_key_tag,
               s.id = p.active_ai_service_id as chosen
          from public.ai_service_settings s
          left join public.user_preferences p on p.user_id = s.user_id
         where s.user_id = ${u.userId}
         order by s.id = p.active_ai_service_id desc nulls last, s.is_active desc, s.updated_at desc`,
      "public.ai_service_settings",
    );
    const [first, ...others] = rows;
    u.summary.skip("AI service not the active one (one model per person here)", others.length);
    const chosen = first ? choose(u, first) : null;
    const counts = await saveChanged(
      u,
      "chat_user_settings",
      ["provider", "base_url", "model"],
      chosen ? [{ ...chosen, id: first!.id }] : [],
      () => u.userId,
      (_, last) => (last || !u.newAccount ? u.userId : undefined),
      async (c) => {
        await u.tx`
          insert into chat_user_settings (user_id, provider, base_url, model, api_key_sealed)
          values (${u.userId}, ${c.provider}, ${c.base_url}, ${c.model},
                  ${c.key === null ? null : encryptApiKey(u.encryptionKey, c.key)})
          on conflict (user_id) do update set provider = excluded.provider,
            base_url = excluded.base_url, model = excluded.model,
            api_key_sealed = excluded.api_key_sealed, updated_at = now()`;
        return u.userId;
      },
    );
    return { ...counts, read: rows.length, skipped: counts.skipped + others.length };
  },
};

function choose(u: UserImport, r: SourceRow): Chosen | null {
  const type = String(r.service_type).toLowerCase();
  const custom = /^https?:\/\//.test(r.custom_url ?? "") ? String(r.custom_url) : null;
  const provider: ModelProvider =
    type === "anthropic" || type === "google" ? type : "openai-compatible";
  const base_url =
    provider !== "openai-compatible"
      ? custom
      : type === "ollama"
        ? custom && `${custom.replace(/\/+$/, "")}/v1`
        : (OPENAI_COMPATIBLE[type] ?? custom);
  const model = r.model_name || DEFAULT_MODELS[type] || "gpt-4o-mini";
  let key: string | null = null;
  if (r.encrypted_api_key) {
    try {
      key = u.sourceSecret
        ? openSourceSecret(u.sourceSecret, {
            text: r.encrypted_api_key,
            iv: r.api_key_iv,
            tag: r.api_key_tag,
          })
        : null;
    } catch {
      key = null;
    }
    if (key === null)
      u.summary.needsAction(
        `${u.email}: enter the API key of the AI service ${r.service_name} again (Settings → AI)`,
      );
  }
  return { provider, base_url, model, key };
}
