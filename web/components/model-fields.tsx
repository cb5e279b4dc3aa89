import { Field, Select } from "./ui.tsx";

export type ModelSettings = {
  provider: string;
  base_url: string | null;
  model: string | null;
  has_api_key: boolean;
};

/** Provider, address, model and key of an AI model; the stored key is never shown. */
export function ModelFields({ current }: { current?: ModelSettings }) {
  return (
    <div class="grid wide-fields">
      <Select
        label="Provider"
        name="provider"
        defaultValue={current?.provider ?? "openai-compatible"}
        options={[
          ["openai-compatible", "OpenAI-compatible (OpenAI, Ollama, vLLM…)"],
          ["anthropic", "Anthropic"],
          ["google", "Google"],
        ]}
      />
      <Field label="Base URL" name="base_url" type="url" defaultValue={current?.base_url ?? ""} />
      <Field label="Model" name="model" required defaultValue={current?.model ?? ""} />
      <Field
        label="API key"
        name="api_key"
        type="password"
        autocomplete="off"
        hint={current?.has_api_key ? "A key is stored; leave empty to keep it." : undefined}
      />
    </div>
  );
}

/** The body of a model form: an empty key field keeps the stored key. */
export function readModel(form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {
    provider: form.get("provider"),
    base_url: form.get("base_url") || null,
    model: form.get("model"),
  };
  if (form.get("api_key")) body.api_key = form.get("api_key");
  return body;
}
