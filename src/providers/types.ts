import type { ExternalExerciseFormat } from "../exercises/catalogue-import.ts";
import type { ProviderFood } from "./schemas.ts";
import type { ProviderHttp } from "./provider-fetch.ts";
import type { ScopeFailureCache } from "./scope-failures.ts";

/** The provider types a user can configure (the `provider_type` of a row and of a food). */
export const PROVIDER_TYPES = [
  "openfoodfacts",
  "usda",
  "fatsecret",
  "nutritionix",
  "mealie",
  "tandoor",
  "norish",
  "yazio",
  "swissfood",
  "wger",
  "free-exercise-db",
] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** What a provider row holds, credentials opened. */
export type ProviderSettings = {
  /** Null for the built-in Open Food Facts (SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT). */
  id: string | null;
  type: ProviderType;
  name: string;
  baseUrl: string | null;
  appId: string | null;
  appKey: string | null;
  options: Record<string, unknown>;
  allowPrivateNetwork: boolean;
};

/** A page of search results, foods in the provider's order. */
export type ProviderPage = { foods: ProviderFood[]; totalCount: number };

/**
 * One interface for every food provider. Each answers with the normalized provider food
 * (a payload POST /api/foods accepts as it is). Upstream failures are thrown as HttpError
 * by provider-fetch; "no such food" is null.
 */
export interface ProviderClient {
  search(query: string, page: number, pageSize: number): Promise<ProviderPage>;
  details(externalId: string): Promise<ProviderFood | null>;
  /** Only on providers that look products up by barcode. */
  barcode?(code: string): Promise<ProviderFood | null>;
}

/** What a client is built with: its settings, an HTTP helper bound to them, the user's language. */
export type ProviderContext = {
  settings: ProviderSettings;
  http: ProviderHttp;
  language: string;
  scopeFailures: ScopeFailureCache;
};

/**
 * How far a provider's images can be trusted (spec, "Provider image support"): "yes",
 * "conditional" (FatSecret: Limits rule 9), "unverified", or "none".
 */
export type ImageSupport = "yes" | "conditional" | "unverified" | "none";

/**
 * One interface for the exercise databases: each answers with its own JSON items (the
 * formats the exercise library reads), image links made absolute. "No such exercise" is null.
 */
export interface ExerciseProviderClient {
  /** Which of the library's readers the items are for. */
  format: ExternalExerciseFormat;
  search(query: string, page: number, pageSize: number): Promise<ExerciseProviderPage>;
  details(externalId: string): Promise<Record<string, unknown> | null>;
}
export type ExerciseProviderPage = { items: Record<string, unknown>[]; totalCount: number };

/** What every provider type declares, food or exercise. */
export type ProviderInfo = {
  type: ProviderType;
  label: string;
  categories: string[];
  supportsBarcode: boolean;
  images: ImageSupport;
  /**
   * Whether the top search results are completed by a detail call (ENRICH_SYNC_COUNT):
   * the only source of search-result images, and of nutrients where a search lists names.
   */
  enrich: boolean;
  /** Null when the user must give a base URL (self-hosted recipe managers). */
  defaultBaseUrl: string | null;
  /** Which credentials a row needs to be usable. */
  needs: { appId: boolean; appKey: boolean };
};

/** A food provider. */
export type ProviderDefinition = ProviderInfo & {
  create(context: ProviderContext): ProviderClient;
};

/** An exercise database (category "exercise"). */
export type ExerciseProviderDefinition = ProviderInfo & {
  createExercises(context: ProviderContext): ExerciseProviderClient;
};
