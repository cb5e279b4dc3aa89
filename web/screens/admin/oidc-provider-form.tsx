import { Field, Select } from "../../components/ui.tsx";
import { t, type MessageKey } from "../../i18n/i18n.ts";

export type OidcProvider = {
  id: string;
  slug: string;
  display_name: string;
  issuer_url: string;
  client_id: string;
  scope: string;
  auto_register: boolean;
  trust_email: boolean;
  token_auth_method: string;
  id_token_signed_response_alg: string;
  userinfo_signed_response_alg: string;
  timeout_ms: number;
  enabled: boolean;
  redirect_uri: string | null;
};

const CHECKS: [keyof OidcProvider, MessageKey][] = [
  ["enabled", "oidc.enabled"],
  ["auto_register", "oidc.autoRegister"],
  ["trust_email", "oidc.trustEmail"],
];

/** The provider's fields as the admin API takes them; a blank secret keeps the stored one. */
export function readProvider(form: FormData, editing: boolean): Record<string, unknown> {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const body: Record<string, unknown> = {
    slug: text("slug"),
    display_name: text("display_name"),
    issuer_url: text("issuer_url"),
    client_id: text("client_id"),
    scope: text("scope"),
    token_auth_method: text("token_auth_method"),
    id_token_signed_response_alg: text("id_token_signed_response_alg"),
    userinfo_signed_response_alg: text("userinfo_signed_response_alg"),
    timeout_ms: Number(form.get("timeout_ms")),
  };
  for (const [name] of CHECKS) body[name] = form.get(name) === "on";
  const secret = text("client_secret");
  if (secret || !editing) body.client_secret = secret;
  return body;
}

/** The inputs of one provider, filled from `current` when editing. */
export function ProviderFields({ current }: { current?: OidcProvider }) {
  const value = (name: keyof OidcProvider, fallback = "") => String(current?.[name] ?? fallback);
  return (
    <>
      <div class="grid wide-fields">
        <Field
          label={t("oidc.displayName")}
          name="display_name"
          required
          maxLength={100}
          defaultValue={value("display_name")}
        />
        <Field
          label={t("oidc.slug")}
          name="slug"
          required
          pattern="[a-z0-9][a-z0-9\-]{0,62}"
          hint={t("oidc.slugHint")}
          defaultValue={value("slug")}
        />
        <Field
          label={t("oidc.issuer")}
          name="issuer_url"
          type="url"
          required
          defaultValue={value("issuer_url")}
        />
        <Field
          label={t("oidc.clientId")}
          name="client_id"
          required
          defaultValue={value("client_id")}
        />
        <Field
          label={t("oidc.clientSecret")}
          name="client_secret"
          type="password"
          autocomplete="new-password"
          required={!current}
          hint={current ? t("oidc.secretHint") : undefined}
        />
        <Field
          label={t("oidc.scope")}
          name="scope"
          required
          defaultValue={value("scope", "openid profile email")}
        />
        <Select
          label={t("oidc.tokenAuth")}
          name="token_auth_method"
          defaultValue={value("token_auth_method", "client_secret_post")}
          options={[
            ["client_secret_post", "client_secret_post"],
            ["client_secret_basic", "client_secret_basic"],
          ]}
        />
        <Field
          label={t("oidc.idTokenAlg")}
          name="id_token_signed_response_alg"
          required
          defaultValue={value("id_token_signed_response_alg", "RS256")}
        />
        <Field
          label={t("oidc.userinfoAlg")}
          name="userinfo_signed_response_alg"
          required
          defaultValue={value("userinfo_signed_response_alg", "none")}
        />
        <Field
          label={t("oidc.timeout")}
          name="timeout_ms"
          type="number"
          min="100"
          max="120000"
          required
          defaultValue={value("timeout_ms", "3500")}
        />
      </div>
      {CHECKS.map(([name, label]) => (
        <label class="check">
          <input
            type="checkbox"
            name={name}
            defaultChecked={current ? Boolean(current[name]) : name === "enabled"}
          />{" "}
          {t(label)}
        </label>
      ))}
    </>
  );
}
