import { encryptApiKey } from "../credentials/api-key-crypto.ts";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";

export type OidcProviderFields = {
  slug: string;
  display_name: string;
  issuer_url: string;
  client_id: string;
  scope: string;
  auto_register: boolean;
  trust_email: boolean;
  token_auth_method: "client_secret_post" | "client_secret_basic";
  id_token_signed_response_alg: string;
  userinfo_signed_response_alg: string;
  timeout_ms: number;
  enabled: boolean;
};
export type OidcProviderRecord = OidcProviderFields & {
  id: string;
  created_at: Date;
  updated_at: Date;
};
type Input = OidcProviderFields & { client_secret: string };

// The client secret is never read back: it is encrypted like API keys and only decrypted
// for sign-in (oidc-providers.ts).
const COLUMNS = [
  "id",
  "slug",
  "display_name",
  "issuer_url",
  "client_id",
  "scope",
  "auto_register",
  "trust_email",
  "token_auth_method",
  "id_token_signed_response_alg",
  "userinfo_signed_response_alg",
  "timeout_ms",
  "enabled",
  "created_at",
  "updated_at",
] as const;
const FIELDS = COLUMNS.filter((c) => !["id", "created_at", "updated_at"].includes(c));

/** Admin: every configured provider (owner connection; the table is admin-only to write). */
export async function listOidcProviders(db: Database): Promise<OidcProviderRecord[]> {
  return db.owner<OidcProviderRecord[]>`
    select ${db.owner(COLUMNS as unknown as string[])} from oidc_providers order by slug`;
}

export async function createOidcProvider(
  db: Database,
  encryptionKey: string,
  input: Input,
): Promise<OidcProviderRecord> {
  const row = {
    ...pick(input),
    client_secret_ciphertext: encryptApiKey(encryptionKey, input.client_secret),
  };
  const [created] = await db.owner<OidcProviderRecord[]>`
    insert into oidc_providers ${db.owner(row, [...FIELDS, "client_secret_ciphertext"] as never)}
    returning ${db.owner(COLUMNS as unknown as string[])}`;
  return created!;
}

/** Admin: changes the given fields; a new client secret only when one is sent. */
export async function updateOidcProvider(
  db: Database,
  encryptionKey: string,
  id: string,
  patch: Partial<Input>,
): Promise<OidcProviderRecord> {
  const row: Record<string, unknown> = { ...pick(patch), updated_at: new Date() };
  if (patch.client_secret) {
    row.client_secret_ciphertext = encryptApiKey(encryptionKey, patch.client_secret);
  }
  const [updated] = await db.owner<OidcProviderRecord[]>`
    update oidc_providers set ${db.owner(row, Object.keys(row) as never)}
     where id = ${id} returning ${db.owner(COLUMNS as unknown as string[])}`;
  if (!updated) throw new HttpError(404, "Provider not found.");
  return updated;
}

export async function deleteOidcProvider(db: Database, id: string): Promise<void> {
  const rows = await db.owner`delete from oidc_providers where id = ${id} returning id`;
  if (rows.length === 0) throw new HttpError(404, "Provider not found.");
}

function pick(input: Partial<Input>): Partial<OidcProviderFields> {
  return Object.fromEntries(
    FIELDS.filter((f) => input[f as keyof Input] !== undefined).map((f) => [
      f,
      input[f as keyof Input],
    ]),
  );
}
