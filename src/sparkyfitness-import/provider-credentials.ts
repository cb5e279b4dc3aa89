import { createDecipheriv } from "node:crypto";
import { encryptApiKey } from "../apikeys/key-crypto.ts";
import { PROVIDER_TYPES } from "../providers/types.ts";
import { insertNew } from "./copy-rows.ts";
import { userRows, type SourceRow, type TableImporter } from "./context.ts";

/**
 * The other server seals provider credentials with AES-256-GCM under its
 * SPARKY_FITNESS_API_ENCRYPTION_KEY, keeping ciphertext, IV and tag as hex text. Given that
 * key (`--api-key-secret`), food-provider settings come over re-sealed with this server's
 * key; without it, or for a service this server has no provider for, the summary lists them.
 */
export function openSourceSecret(
  keyHex: string,
  sealed: { text: string | null; iv: string | null; tag: string | null },
): string | null {
  if (!sealed.text || !sealed.iv || !sealed.tag) return null;
  const decipher = createDecipheriv(
    "aes-256-gcm",
    Buffer.from(keyHex, "hex"),
    Buffer.from(sealed.iv, "hex"),
  );
  decipher.setAuthTag(Buffer.from(sealed.tag, "hex"));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.text, "hex")),
    decipher.final(),
  ]).toString("utf8");
}

const KNOWN_TYPES = new Set<string>(PROVIDER_TYPES);

export const providerCredentials: TableImporter = {
  table: "external_data_providers",
  async run(u) {
    if (!u.sourceSecret) return { read: 0, written: 0, skipped: 0 };
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, provider_name, provider_type, encrypted_app_id, app_id_iv, app_id_tag,
               encrypted_app_key, app_key_iv, app_key_tag, base_url,
               coalesce(is_active, true) as is_active, coalesce(sort_order, 0) as sort_order,
               coalesce(is_public, false) as is_public
          from public.external_data_providers where user_id = ${u.userId}`,
      "public.external_data_providers",
    );
    const carried = [];
    for (const r of rows) {
      const type = String(r.provider_type).toLowerCase();
      if (!KNOWN_TYPES.has(type)) {
        u.summary.needsAction(`${u.email}: connect ${r.provider_name} again (Settings → Sync)`);
        continue;
      }
      let appId: string | null, appKey: string | null;
      try {
        appId = openSourceSecret(u.sourceSecret, {
          text: r.encrypted_app_id,
          iv: r.app_id_iv,
          tag: r.app_id_tag,
        });
        appKey = openSourceSecret(u.sourceSecret, {
          text: r.encrypted_app_key,
          iv: r.app_key_iv,
          tag: r.app_key_tag,
        });
      } catch {
        u.summary.needsAction(
          `${u.email}: the credentials of ${r.provider_name} could not be opened with the given key; enter them again`,
        );
        continue;
      }
      carried.push({
        id: r.id,
        user_id: u.userId,
        provider_name: String(r.provider_name).slice(0, 100),
        provider_type: type,
        credentials_sealed:
          appId || appKey
            ? encryptApiKey(u.encryptionKey, JSON.stringify({ app_id: appId, app_key: appKey }))
            : null,
        base_url: /^https?:\/\//.test(r.base_url ?? "") ? r.base_url : null,
        is_active: r.is_active,
        sort_order: r.sort_order,
        is_private: !r.is_public,
      });
    }
    const counts = await insertNew(u, "external_providers", carried);
    return { ...counts, read: rows.length, skipped: counts.skipped + rows.length - carried.length };
  },
};
