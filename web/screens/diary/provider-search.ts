import { useEffect, useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import type { Food } from "../../api/food-types.ts";
import type { ExternalProvider, ProviderFood } from "../../api/provider-types.ts";

export type ProviderGroup = { provider: ExternalProvider; foods: ProviderFood[]; error?: string };

const PAGE_SIZE = "5";
// Provider searches cost the providers' rate limits: wait until typing pauses.
const PAUSE_MS = 400;

/** The caller's enabled food providers in their order (not the exercise databases). */
export function useFoodProviders(): ExternalProvider[] {
  const [providers, setProviders] = useState<ExternalProvider[]>([]);
  useEffect(() => {
    let live = true;
    get<ExternalProvider[]>("/api/external-providers").then(
      (all) =>
        live && setProviders(all.filter((p) => p.is_active && p.categories.includes("food"))),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

/**
 * The results for `term` of the providers the person picked (no outside service is asked
 * unasked), one group per provider as each answers.
 */
export function useProviderResults(term: string, picked: ExternalProvider[]): ProviderGroup[] {
  const [groups, setGroups] = useState<ProviderGroup[]>([]);
  useEffect(() => {
    setGroups([]);
    const query = term.trim();
    if (query.length < 2 || picked.length === 0) return;
    let live = true;
    const timer = setTimeout(() => {
      const found: ProviderGroup[] = picked.map((provider) => ({ provider, foods: [] }));
      picked.forEach((provider, i) => {
        const params = new URLSearchParams({ query, pageSize: PAGE_SIZE, providerId: provider.id });
        get<{ foods: ProviderFood[] }>(`/api/v2/foods/search/${provider.provider_type}?${params}`)
          .then(
            (answer) => (found[i] = { provider, foods: answer.foods }),
            (e) => (found[i] = { provider, foods: [], error: errorMessage(e) }),
          )
          .then(() => live && setGroups([...found]));
      });
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term, picked]);
  return groups;
}

/** Adds a provider's food to the library (or finds the one already there) to log it. */
export function importFood(food: ProviderFood): Promise<Food> {
  return post<Food>("/api/foods", food as unknown as Record<string, unknown>);
}
