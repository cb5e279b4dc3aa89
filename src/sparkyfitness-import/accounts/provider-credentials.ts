import { encryptApiKey } from "../../credentials/api-key-crypto.ts";
import { PROVIDER_TYPES } from "../../providers/types.ts";
import { insertNew, withDropped } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter } from "../run/context.ts";
import { listsProviderKinds, needsCredentials } from "./credentials.ts";
import { openSourceSecret } from "../source/source-crypto.ts";

const KNOWN_TYPES = new Set<string>(PROVIDER_TYPES);

/**
 * Food-provider settings: given that server's key (`--api-key-secret`), its sealed app id
 * and key come over re-sealed with this server's key; without it, or for a service this
 * server has no provider for, the summary lists them.
 */
export const providerCredentials: TableImporter = {
  table: "external_data_providers",
  async run(u) {
    if (!u.sourceSecret) return { read: 0, written: 0, skipped: 0 };
    const kindsListed = await listsProviderKinds(u.src);
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select id, provider_name, provider_type, encrypted_app_id, app_id_iv, app_id_tag,
               encrypted_app_key, app_key_iv, app_key_tag, base_url,
               coalesce(is_active, true) as is_active, coalesce(sort_order, 0) as sort_order,
               coalesce(is_public, false) as is_public,
               ${needsCredentials(u.src, kindsListed)} as needs_credentials
          from public.external_data_providers p where user_id = ${u.userId}`,
      "public.external_data_providers",
    );
    const carried = [];
    const opened = new Map<string, string>();
    for (const r of rows) {
      const type = String(r.provider_type).toLowerCase();
      if (!KNOWN_TYPES.has(type)) {
        u.summary.skip(`provider kind ${type} not available here`);
        if (r.needs_credentials)
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
        u.summary.skip("provider credentials not opened with the given key");
        u.summary.needsAction(
          `${u.email}: the credentials of ${r.provider_name} could not be opened with the given key; enter them again`,
        );
        continue;
      }
      const plain = JSON.stringify({ app_id: appId, app_key: appKey });
      opened.set(r.id, plain);
      carried.push({
        id: r.id,
        user_id: u.userId,
        provider_name: String(r.provider_name).slice(0, 100),
        provider_type: type,
        credentials_sealed: appId || appKey ? encryptApiKey(u.encryptionKey, plain) : null,
        base_url: /^https?:\/\//.test(r.base_url ?? "") ? r.base_url : null,
        is_active: r.is_active,
        sort_order: r.sort_order,
        is_private: !r.is_public,
      });
    }
    // Sealed with a fresh IV each run: the opened value is what a re-run compares.
    const counts = await insertNew(u, "external_providers", carried, (row) => ({
      ...row,
      credentials_sealed: opened.get(String(row.id)),
    }));
    return withDropped(counts, rows.length - carried.length);
  },
};
