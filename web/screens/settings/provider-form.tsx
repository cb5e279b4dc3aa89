import { useState } from "preact/hooks";
import { errorMessage, post, put } from "../../api/client.ts";
import type { ExternalProvider, ProviderType } from "../../api/provider-types.ts";
import { ErrorText, Field, Select } from "../../components/ui.tsx";
import { session } from "../../lib/session.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";

// Settings that are not secrets, per type (README "Food providers and barcodes").
const OPTION_FIELDS: Record<string, [string, MessageKey, "checkbox" | "text"][]> = {
  fatsecret: [["images_addon", "foodProviders.imagesAddon", "checkbox"]],
  yazio: [
    ["client_id", "foodProviders.clientId", "text"],
    ["client_secret", "foodProviders.clientSecret", "text"],
  ],
};

// What app_id and app_key mean where it is not an API's id and key.
const SECRET_LABELS: Record<string, [MessageKey, MessageKey]> = {
  openfoodfacts: ["foodProviders.offUser", "foodProviders.offPassword"],
  yazio: ["foodProviders.email", "foodProviders.password"],
};

/**
 * Adds a provider or changes one. Credentials are write-only: a saved one shows as
 * "set", an empty field keeps it, and "Clear" removes it.
 */
export function ProviderForm(props: {
  types: ProviderType[];
  provider?: ExternalProvider;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { provider } = props;
  const [typeId, setTypeId] = useState(provider?.provider_type ?? props.types[0]!.provider_type);
  const type = props.types.find((p) => p.provider_type === typeId)!;
  const [cleared, setCleared] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const admin = session.value?.user.role === "admin";
  const labels = SECRET_LABELS[typeId];

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const options: Record<string, string | boolean> = {};
    for (const [key, , kind] of OPTION_FIELDS[typeId] ?? [])
      options[key] = kind === "checkbox" ? form.has(key) : text(key);
    const body: Record<string, unknown> = {
      provider_name: text("provider_name"),
      provider_type: typeId,
      base_url: text("base_url") || null,
      options: { ...provider?.options, ...options },
      is_active: form.has("is_active"),
      is_private: form.has("is_private"),
      ...(admin && { shared: form.has("shared") }),
      ...(admin && { allow_private_network: form.has("allow_private_network") }),
    };
    for (const key of ["app_id", "app_key"]) {
      if (text(key)) body[key] = text(key);
      else if (cleared.includes(key)) body[key] = null;
    }
    try {
      if (provider) await put(`/api/external-providers/${provider.id}`, body);
      else await post("/api/external-providers", body);
      props.onSaved();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const secret = (key: "app_id" | "app_key", label: string, needed: boolean) => {
    const saved =
      provider?.[key === "app_id" ? "has_app_id" : "has_app_key"] && !cleared.includes(key);
    return (
      <div class="inline-field wrap">
        <Field
          label={label}
          name={key}
          {...(key === "app_key" ? { type: "password" as const } : { type: "text" as const })}
          autocomplete="off"
          required={needed && !saved}
          hint={saved ? t("foodProviders.savedKeep") : undefined}
        />
        {saved && (
          <button type="button" class="link-button" onClick={() => setCleared([...cleared, key])}>
            {t("foodProviders.clear", { what: label.toLocaleLowerCase() })}
          </button>
        )}
      </div>
    );
  };

  return (
    <form class="stack provider-form" onSubmit={submit}>
      <div class="grid fields">
        <Select
          label={t("foodProviders.provider")}
          name="provider_type"
          options={props.types.map((p) => [p.provider_type, p.display_name])}
          defaultValue={typeId}
          disabled={Boolean(provider)}
          onChange={(e) => setTypeId((e.currentTarget as HTMLSelectElement).value)}
        />
        <Field
          label={t("foodProviders.name")}
          name="provider_name"
          required
          defaultValue={provider?.provider_name ?? type.display_name}
        />
        <Field
          label={t("foodProviders.baseUrl")}
          name="base_url"
          type="url"
          required={type.needs_base_url}
          placeholder={type.default_base_url ?? "https://"}
          defaultValue={provider?.base_url ?? ""}
        />
      </div>
      {(type.needs_app_id || labels) &&
        secret("app_id", t(labels?.[0] ?? "foodProviders.appId"), type.needs_app_id)}
      {(type.needs_app_key || labels) &&
        secret("app_key", t(labels?.[1] ?? "foodProviders.apiKey"), type.needs_app_key)}
      {(OPTION_FIELDS[typeId] ?? []).map(([key, label, kind]) =>
        kind === "checkbox" ? (
          <label class="check">
            <input type="checkbox" name={key} defaultChecked={provider?.options[key] === true} />
            {t(label)}
          </label>
        ) : (
          <Field label={t(label)} name={key} defaultValue={String(provider?.options[key] ?? "")} />
        ),
      )}
      <label class="check">
        <input type="checkbox" name="is_active" defaultChecked={provider?.is_active ?? true} />
        {t("foodProviders.enabled")}
      </label>
      <label class="check">
        <input type="checkbox" name="is_private" defaultChecked={provider?.is_private ?? false} />
        {t("foodProviders.private")}
      </label>
      {admin && (
        <>
          <label class="check">
            <input type="checkbox" name="shared" defaultChecked={provider?.shared ?? false} />
            {t("foodProviders.shared")}
          </label>
          <label class="check">
            <input
              type="checkbox"
              name="allow_private_network"
              defaultChecked={provider?.allow_private_network ?? false}
            />
            {t("foodProviders.homeNetwork")}
          </label>
        </>
      )}
      <div class="actions">
        <button type="submit" class="primary">
          {t("foodProviders.save")}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t("foodProviders.cancel")}
        </button>
      </div>
      <ErrorText error={error} />
    </form>
  );
}
