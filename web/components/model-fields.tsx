import { Field, Select } from "./ui.tsx";
import { t } from "../i18n/i18n.ts";

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
        label={t("model.provider")}
        name="provider"
        defaultValue={current?.provider ?? "openai-compatible"}
        options={[
          ["openai-compatible", t("model.openaiCompatible")],
          ["anthropic", "Anthropic"],
          ["google", "Google"],
        ]}
      />
      <Field
        label={t("model.baseUrl")}
        name="base_url"
        type="url"
        defaultValue={current?.base_url ?? ""}
      />
      <Field label={t("model.model")} name="model" required defaultValue={current?.model ?? ""} />
      <Field
        label={t("model.apiKey")}
        name="api_key"
        type="password"
        autocomplete="off"
        hint={current?.has_api_key ? t("model.keyStored") : undefined}
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
