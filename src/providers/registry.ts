import { fatSecret } from "./fatsecret.ts";
import { nutritionix } from "./nutritionix.ts";
import { openFoodFacts } from "./open-food-facts.ts";
import { mealie, norish, tandoor } from "./recipe-managers.ts";
import { swissFood } from "./swiss-food.ts";
import { freeExerciseDb, wger } from "./exercise-databases.ts";
import type { ExerciseProviderDefinition, ProviderDefinition, ProviderType } from "./types.ts";
import { usda } from "./usda.ts";
import { yazio } from "./yazio.ts";

/**
 * How many of a search's first results are completed by a detail call before the answer
 * goes out. Images of search results come only from these calls (spec, Limits rule 8), so
 * the first screen of results shows pictures; five keeps a search to six upstream requests,
 * made at once, well inside public providers' rate limits.
 */
export const ENRICH_SYNC_COUNT = 5;

const DEFINITIONS: Record<ProviderType, ProviderDefinition | ExerciseProviderDefinition> = {
  openfoodfacts: openFoodFacts,
  usda,
  fatsecret: fatSecret,
  nutritionix,
  mealie,
  tandoor,
  norish,
  yazio,
  swissfood: swissFood,
  wger,
  "free-exercise-db": freeExerciseDb,
};

/** The definition of a provider type, food or exercise; null for a type this server does not know. */
export function providerDefinition(type: string) {
  return (
    (DEFINITIONS as Record<string, ProviderDefinition | ExerciseProviderDefinition>)[type] ?? null
  );
}

/** A food provider type's definition; null for exercise databases and unknown types. */
export function foodProviderDefinition(type: string): ProviderDefinition | null {
  const definition = providerDefinition(type);
  return definition && "create" in definition ? definition : null;
}

/** An exercise database's definition; null for food providers and unknown types. */
export function exerciseProviderDefinition(type: string): ExerciseProviderDefinition | null {
  const definition = providerDefinition(type);
  return definition && "createExercises" in definition ? definition : null;
}

export function listProviderDefinitions() {
  return Object.values(DEFINITIONS);
}
