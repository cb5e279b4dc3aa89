import { fatSecret } from "./fatsecret.ts";
import { nutritionix } from "./nutritionix.ts";
import { openFoodFacts } from "./open-food-facts.ts";
import { mealie, norish, tandoor } from "./recipe-managers.ts";
import { swissFood } from "./swiss-food.ts";
import type { ProviderDefinition, ProviderType } from "./types.ts";
import { usda } from "./usda.ts";
import { yazio } from "./yazio.ts";

/**
 * How many of a search's first results are completed by a detail call before the answer
 * goes out. Images of search results come only from these calls (spec, Limits rule 8), so
 * the first screen of results shows pictures; five keeps a search to six upstream requests,
 * made at once, well inside public providers' rate limits.
 */
export const ENRICH_SYNC_COUNT = 5;

const DEFINITIONS: Record<ProviderType, ProviderDefinition> = {
  openfoodfacts: openFoodFacts,
  usda,
  fatsecret: fatSecret,
  nutritionix,
  mealie,
  tandoor,
  norish,
  yazio,
  swissfood: swissFood,
};

/** The definition of a provider type, or null for a type this server does not know. */
export function providerDefinition(type: string): ProviderDefinition | null {
  return (DEFINITIONS as Record<string, ProviderDefinition>)[type] ?? null;
}

export function listProviderDefinitions(): ProviderDefinition[] {
  return Object.values(DEFINITIONS);
}
