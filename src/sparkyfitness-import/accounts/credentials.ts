import { hasTable, type Source } from "../source/source.ts";
import type { ImportSummary } from "../run/summary.ts";

/**
 * Provider credentials without that server's encryption key: they stay sealed there, so
 * the summary lists them for each user to enter again (with the key,
 * provider-credentials.ts carries them over).
 */
export async function noteProviderCredentials(
  src: Source,
  summary: ImportSummary,
  users: Set<string>,
) {
  if (!(await hasTable(src, "public.external_data_providers"))) return;
  const rows = await src<{ email: string; providers: string[] }[]>`
    select u.email, array_agg(p.provider_name order by p.provider_name) as providers
      from public."user" u join public.external_data_providers p on p.user_id = u.id
     where u.id = any(${[...users]}::uuid[]) and ${needsCredentials(src, await listsProviderKinds(src))}
     group by u.email order by u.email`;
  for (const row of rows)
    summary.needsAction(
      `${row.email}: enter the credentials of ${row.providers.join(", ")} again (Settings → Providers)`,
    );
}

/**
 * Whether a provider row `p` needs credentials, as that server's provider kinds say
 * (required fields); a kind it does not list, or a release without that table, is taken to.
 */
export const needsCredentials = (src: Source, kindsListed: boolean) =>
  kindsListed
    ? src`coalesce((select cardinality(t.required_fields) > 0
                      from public.external_provider_types t where t.id = p.provider_type), true)`
    : src`true`;

/** Whether that release lists its provider kinds. */
export const listsProviderKinds = (src: Source) => hasTable(src, "public.external_provider_types");
