import type { Tx } from "../db.ts";
import type { ProviderType } from "./types.ts";

/**
 * The databases every account starts with, as SparkyFitness gives each of its users
 * (create_default_external_data_providers; from 1.6 one row an administrator shares): the
 * phone app's external exercise search and add need an active one of each exercise type, and
 * the Swiss Food Database (no key needed) is there to pick in a food search; no search asks it
 * unpicked. Open Food Facts is built in (SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT) and needs
 * no row.
 */
export const DEFAULT_PROVIDERS: readonly { provider_name: string; provider_type: ProviderType }[] =
  [
    { provider_name: "Free Exercise DB", provider_type: "free-exercise-db" },
    { provider_name: "Wger", provider_type: "wger" },
    { provider_name: "Swiss Food Database", provider_type: "swissfood" },
  ];

/** Adds the default providers of these types the user has no row of yet; returns how many. */
export async function addDefaultProviders(
  tx: Tx,
  userId: string,
  types: readonly ProviderType[] = DEFAULT_PROVIDERS.map((p) => p.provider_type),
): Promise<number> {
  const wanted = DEFAULT_PROVIDERS.filter((p) => types.includes(p.provider_type));
  if (wanted.length === 0) return 0;
  const added = await tx`
    insert into external_providers (user_id, provider_name, provider_type)
    select ${userId}, d.provider_name, d.provider_type
      from jsonb_to_recordset(${tx.json(wanted as never)}) as d(provider_name text, provider_type text)
     where not exists (select 1 from external_providers p
                        where p.user_id = ${userId} and p.provider_type = d.provider_type)`;
  return added.count;
}
