import { decryptApiKey } from "../credentials/api-key-crypto.ts";
import { HttpError } from "../errors.ts";
import { findLibraryFoodByBarcode } from "../foods/lookups.ts";
import type { AppEnv } from "../http/context.ts";
import { createProviderHttp } from "./provider-fetch.ts";
import { listProviderRows, readLanguage, type ProviderRow } from "./queries.ts";
import { ENRICH_SYNC_COUNT, foodProviderDefinition, providerDefinition } from "./registry.ts";
import type { ProviderFood } from "./schemas.ts";
import { createScopeFailureCache } from "./scope-failures.ts";
import type {
  ProviderClient,
  ProviderContext,
  ProviderDefinition,
  ProviderInfo,
  ProviderSettings,
} from "./types.ts";

type Vars = AppEnv["Variables"];

/** The id the built-in Open Food Facts answers to (it has no row). */
export const BUILT_IN_OFF_ID = "openfoodfacts-default";

/** The settings of a row, credentials opened with the server's encryption key. */
export function settingsOf(vars: Vars, row: ProviderRow): ProviderSettings {
  const credentials = row.credentials_sealed
    ? (JSON.parse(decryptApiKey(vars.config.apiEncryptionKey, row.credentials_sealed)) as {
        app_id?: string | null;
        app_key?: string | null;
      })
    : {};
  return {
    id: row.id,
    type: row.provider_type,
    name: row.provider_name,
    baseUrl: row.base_url,
    appId: credentials.app_id ?? null,
    appKey: credentials.app_key ?? null,
    options: row.options,
    allowPrivateNetwork: row.allow_private_network,
  };
}

/** Open Food Facts for everyone who configured none, when the server says so. */
function builtInOpenFoodFacts(vars: Vars): ProviderSettings | null {
  const { openFoodFactsDefault, openFoodFactsUrl } = vars.config.foodProviders;
  if (!openFoodFactsDefault) return null;
  return {
    id: null,
    type: "openfoodfacts",
    name: "Open Food Facts",
    baseUrl: openFoodFactsUrl,
    appId: null,
    appKey: null,
    options: {},
    allowPrivateNetwork: false,
  };
}

/** The active providers the request may use, in order, with the built-in one last. */
export async function usableProviders(vars: Vars): Promise<ProviderSettings[]> {
  const { userId, actorId } = vars.auth;
  const rows = await vars.db.withUser(userId, (tx) => listProviderRows(tx, userId), actorId);
  const settings = rows.filter((row) => row.is_active).map((row) => settingsOf(vars, row));
  const builtIn = builtInOpenFoodFacts(vars);
  if (builtIn && !settings.some((s) => s.type === "openfoodfacts")) settings.push(builtIn);
  return settings;
}

/** The settings of this type to use: the row named by providerId, else the first active one. */
export async function chooseSettings(
  vars: Vars,
  definition: ProviderInfo,
  providerId?: string,
): Promise<ProviderSettings> {
  const usable = (await usableProviders(vars)).filter((s) => s.type === definition.type);
  const settings = providerId
    ? usable.find((s) => (s.id ?? BUILT_IN_OFF_ID) === providerId.toLowerCase())
    : usable[0];
  if (!settings) throw new HttpError(404, `No active ${definition.label} provider is configured.`);
  return settings;
}

/** The food provider of this type to use: the one named by providerId, else the first active one. */
export async function chooseProvider(
  vars: Vars,
  type: string,
  providerId?: string,
): Promise<{ definition: ProviderDefinition; settings: ProviderSettings }> {
  const definition = foodProviderDefinition(type);
  if (!definition) throw new HttpError(404, `Unknown food provider "${type}".`);
  return { definition, settings: await chooseSettings(vars, definition, providerId) };
}

/** What a client of these settings is built with: requests bound to the SSRF guard and the time limit. */
export async function providerContext(
  vars: Vars,
  definition: ProviderInfo,
  settings: ProviderSettings,
): Promise<ProviderContext> {
  const { actorId } = vars.auth;
  // The language of the person looking (Swiss database, Yazio), not of whose data it is.
  const language = await vars.db.withUser(actorId, (tx) => readLanguage(tx, actorId));
  const http = createProviderHttp({
    label: definition.label,
    timeoutMs: vars.config.foodProviders.timeoutMs,
    allowHost: vars.config.testFetchAllowHost,
    allowPrivateNetwork: settings.allowPrivateNetwork,
  });
  return { settings, http, language, scopeFailures: createScopeFailureCache(vars.db) };
}

/** A food provider's client for these settings. */
export async function createClient(
  vars: Vars,
  definition: ProviderDefinition,
  settings: ProviderSettings,
): Promise<ProviderClient> {
  return definition.create(await providerContext(vars, definition, settings));
}

/**
 * A page of a provider's search. The first ENRICH_SYNC_COUNT results are replaced by their
 * details (fetched at once): the only source of search-result images (Limits rule 8). A
 * failed detail call keeps the plain result.
 */
export async function searchProvider(
  vars: Vars,
  type: string,
  query: { query: string; page: number; pageSize: number; providerId?: string },
) {
  const { definition, settings } = await chooseProvider(vars, type, query.providerId);
  const client = await createClient(vars, definition, settings);
  const page = await client.search(query.query, query.page, query.pageSize);
  let foods = page.foods;
  if (definition.enrich) {
    const top = foods.slice(0, ENRICH_SYNC_COUNT);
    const enriched = await Promise.all(
      top.map((food) => client.details(food.provider_external_id).catch(() => null)),
    );
    foods = [...top.map((food, i) => enriched[i] ?? food), ...foods.slice(ENRICH_SYNC_COUNT)];
  }
  return {
    foods,
    pagination: {
      page: query.page,
      pageSize: query.pageSize,
      totalCount: page.totalCount,
      hasMore: query.page * query.pageSize < page.totalCount,
    },
  };
}

export async function providerDetails(
  vars: Vars,
  type: string,
  externalId: string,
  providerId?: string,
): Promise<ProviderFood> {
  const { definition, settings } = await chooseProvider(vars, type, providerId);
  const food = await (await createClient(vars, definition, settings)).details(externalId);
  if (!food) throw new HttpError(404, `${definition.label} has no food with id ${externalId}.`);
  return food;
}

/**
 * A barcode: the user's barcode-capable providers in their order (or only the one named),
 * then the local library; or the library first (`libraryFirst`, the first-generation lookup,
 * as that server orders it). A provider that fails is passed over; when nothing is found
 * anywhere, the first failure is the answer, so an outage is not reported as "not found".
 */
export async function lookupBarcode(
  vars: Vars,
  code: string,
  providerId?: string,
  libraryFirst = false,
) {
  const { userId, actorId } = vars.auth;
  const library = () => findLibraryFoodByBarcode(vars.db, userId, actorId, code);
  const first = libraryFirst ? await library() : null;
  if (first) return { source: "local", food: first };
  const usable = (await usableProviders(vars)).filter(
    (s) =>
      providerDefinition(s.type)?.supportsBarcode &&
      (!providerId || (s.id ?? BUILT_IN_OFF_ID) === providerId.toLowerCase()),
  );
  let failure: unknown = null;
  for (const settings of usable) {
    const definition = foodProviderDefinition(settings.type)!;
    try {
      const food = await (await createClient(vars, definition, settings)).barcode?.(code);
      if (food) return { source: settings.type as string, food };
    } catch (error) {
      failure ??= error;
      vars.logger.info("barcode lookup failed at a provider", {
        provider: settings.type,
        error: (error as Error).message,
      });
    }
  }
  const local = libraryFirst ? null : await library();
  if (local) return { source: "local", food: local };
  if (failure) throw failure;
  return { source: "not_found", food: null };
}
