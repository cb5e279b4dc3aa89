import { encryptApiKey } from "../../credentials/api-key-crypto.ts";
import { PROVIDER_TYPES } from "../../providers/types.ts";
import { DEFAULT_PROVIDERS } from "../../providers/default-providers.ts";
import { deleteGone, insertNew, withDropped, type Removal } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter } from "../run/context.ts";
import { listsProviderKinds, needsCredentials } from "./credentials.ts";
import { openSourceSecret } from "../source/source-crypto.ts";

const KNOWN_TYPES = new Set<string>(PROVIDER_TYPES);

/**
 * Food-provider settings: given that server's key (`--api-key-secret`), its sealed app id
 * and key come over re-sealed with this server's key; without it, or for a service this
 * server has no provider for, the summary lists them. A provider deleted there is deleted
 * here (removeProvider says which stay), unless it changed here since (copy-rows.ts).
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
    // Gone there: not merely left out here (a key that did not open it, say).
    const present = new Set(rows.map((r) => String(r.id)));
    const remove = removeProvider(u.userId);
    const deleted = await deleteGone(u, "external_providers", present, COLUMNS, { remove });
    return withDropped(deleted ? { ...counts, deleted } : counts, rows.length - carried.length);
  },
};

const COLUMNS = [
  "id",
  "user_id",
  "provider_name",
  "provider_type",
  "credentials_sealed",
  "base_url",
  "is_active",
  "sort_order",
  "is_private",
];
const DEFAULT_TYPES = DEFAULT_PROVIDERS.map((p) => p.provider_type);

/**
 * A provider deleted there is deleted here, but for one still in use here: the default food
 * or barcode provider the settings here name, or the person's last exercise database of a
 * type every account gets (default-providers.ts). Foods found through a provider keep
 * working without it: they name its type and their id there, not its row.
 */
const removeProvider =
  (userId: string): Removal =>
  async (tx, id) => {
    const [provider] = await tx<{ used: boolean }[]>`
      select exists (select 1 from user_preferences s
                      where s.user_id = ${userId}
                        and p.id in (s.default_food_data_provider_id, s.default_barcode_provider_id))
          or (p.provider_type in ${tx(DEFAULT_TYPES)}
              and not exists (select 1 from external_providers o
                               where o.user_id = p.user_id and o.provider_type = p.provider_type
                                 and o.id <> p.id)) as used
        from external_providers p where p.id = ${id}`;
    if (provider?.used) return { count: 0 };
    return tx`delete from external_providers where id = ${id}`;
  };
