import { hasTable, type Source } from "./source.ts";
import type { ImportSummary } from "./summary.ts";

type Counts = { email: string; api_keys: number; providers: string[] };

/**
 * API keys and provider credentials: the other server keeps API keys only as hashes, so
 * they are listed for the user to create again; provider credentials too, unless its
 * encryption key was given (then provider-credentials.ts carries them over).
 */
export async function noteCredentials(
  src: Source,
  summary: ImportSummary,
  users: Set<string>,
  providersCarried: boolean,
) {
  const tables = {
    keys: await hasTable(src, "public.api_key"),
    providers: !providersCarried && (await hasTable(src, "public.external_data_providers")),
  };
  if (!tables.keys && !tables.providers) return;
  const rows = await src<Counts[]>`
    select u.email,
           ${tables.keys ? src`(select count(*)::int from public.api_key k where k.reference_id = u.id)` : src`0`} as api_keys,
           ${
             tables.providers
               ? src`coalesce((select array_agg(p.provider_name order by p.provider_name)
                         from public.external_data_providers p where p.user_id = u.id), '{}')`
               : src`'{}'::text[]`
           } as providers
      from public."user" u where u.id = any(${[...users]}::uuid[])`;
  for (const row of rows) {
    if (row.api_keys > 0)
      summary.needsAction(
        `${row.email}: create ${row.api_keys} API key(s) again (Settings → API keys)`,
      );
    if (row.providers.length > 0)
      summary.needsAction(
        `${row.email}: enter the credentials of ${row.providers.join(", ")} again (Settings → Providers)`,
      );
  }
}
