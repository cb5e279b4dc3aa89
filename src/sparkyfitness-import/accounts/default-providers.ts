import { addDefaultProviders, DEFAULT_PROVIDERS } from "../../providers/default-providers.ts";
import type { ProviderType } from "../../providers/types.ts";
import { userRows, type TableImporter } from "../run/context.ts";

/**
 * The default databases the person had there (Free Exercise DB, wger, the Swiss Food
 * Database): their own active rows, or the ones an administrator made public for every user
 * (1.6 seeds the defaults that way). They need no credentials, so they come over with or
 * without that server's key; a type the person already has here is left as it is.
 */
export const defaultProviders: TableImporter = {
  table: "external_data_providers (defaults)",
  async run(u) {
    const types = DEFAULT_PROVIDERS.map((p) => p.provider_type);
    const rows = await userRows(
      u,
      () => u.src<{ provider_type: ProviderType }[]>`
        select distinct lower(provider_type) as provider_type
          from public.external_data_providers
         where coalesce(is_active, true) and lower(provider_type) in ${u.src(types)}
           and (user_id = ${u.userId} or coalesce(is_public, false))`,
      "public.external_data_providers",
    );
    const written = await addDefaultProviders(
      u.tx,
      u.userId,
      rows.map((r) => r.provider_type),
    );
    return { read: rows.length, written, skipped: 0 };
  },
};
