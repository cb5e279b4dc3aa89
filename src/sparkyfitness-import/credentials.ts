import { hasTable, type Source } from "./source.ts";
import type { ImportSummary } from "./summary.ts";

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
     where u.id = any(${[...users]}::uuid[])
     group by u.email order by u.email`;
  for (const row of rows)
    summary.needsAction(
      `${row.email}: enter the credentials of ${row.providers.join(", ")} again (Settings → Providers)`,
    );
}
