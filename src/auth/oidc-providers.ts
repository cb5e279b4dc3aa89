import { decryptApiKey } from "../credentials/api-key-crypto.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";

/** One identity provider, from the environment (key "env") or an administrator. */
export type OidcProvider = {
  key: string;
  displayName: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  autoRegister: boolean;
  trustEmail: boolean;
  tokenAuthMethod: "client_secret_post" | "client_secret_basic";
  idTokenSignedResponseAlg: string;
  userinfoSignedResponseAlg: string;
  timeoutMs: number;
};

export const ENV_PROVIDER_KEY = "env";
export const SSO_NEEDS_PUBLIC_URL = "Single sign-on needs SERVICE_FITNESS_PUBLIC_URL to be set.";

type ProviderRow = {
  slug: string;
  display_name: string;
  issuer_url: string;
  client_id: string;
  client_secret_ciphertext: Uint8Array;
  scope: string;
  auto_register: boolean;
  trust_email: boolean;
  token_auth_method: OidcProvider["tokenAuthMethod"];
  id_token_signed_response_alg: string;
  userinfo_signed_response_alg: string;
  timeout_ms: number;
};

/** The one redirect URI every provider sends people back to (shown to the admin). */
export function oidcRedirectUri(config: Pick<Config, "publicUrl">): string | null {
  return config.publicUrl ? `${config.publicUrl}/api/auth/oidc-callback` : null;
}

/** Enabled providers for the sign-in screen: id and name, environment provider first. */
export async function listSignInProviders(db: Database, config: Config) {
  if (!config.publicUrl) return [];
  const rows = await db.withAnonymous(
    (tx) => tx<{ slug: string; display_name: string; auto_register: boolean }[]>`
      select slug, display_name, auto_register from oidc_providers
       where enabled order by display_name, slug`,
  );
  const env = config.oidc
    ? [
        {
          id: ENV_PROVIDER_KEY,
          name: config.oidc.displayName,
          autoRegister: config.oidc.autoRegister,
        },
      ]
    : [];
  return [
    ...env,
    ...rows.map((r) => ({ id: r.slug, name: r.display_name, autoRegister: r.auto_register })),
  ];
}

/** The enabled provider with this key, its secret decrypted; 404 when there is none. */
export async function getSignInProvider(
  db: Database,
  config: Config,
  key: string,
): Promise<OidcProvider> {
  if (key === ENV_PROVIDER_KEY && config.oidc) return { key, ...config.oidc };
  const [row] = await db.withAnonymous(
    (tx) => tx<ProviderRow[]>`
      select slug, display_name, issuer_url, client_id, client_secret_ciphertext, scope,
             auto_register, trust_email, token_auth_method, id_token_signed_response_alg,
             userinfo_signed_response_alg, timeout_ms
        from oidc_providers where slug = ${key} and enabled`,
  );
  if (!row) throw new HttpError(404, "Unknown single sign-on provider.");
  return {
    key: row.slug,
    displayName: row.display_name,
    issuerUrl: row.issuer_url,
    clientId: row.client_id,
    clientSecret: decryptApiKey(config.apiEncryptionKey, row.client_secret_ciphertext),
    scope: row.scope,
    autoRegister: row.auto_register,
    trustEmail: row.trust_email,
    tokenAuthMethod: row.token_auth_method,
    idTokenSignedResponseAlg: row.id_token_signed_response_alg,
    userinfoSignedResponseAlg: row.userinfo_signed_response_alg,
    timeoutMs: row.timeout_ms,
  };
}
