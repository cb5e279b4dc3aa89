import { encryptApiKey } from "../credentials/api-key-crypto.ts";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import type { ExternalProvider, ProviderInput, ProviderUpdate } from "./config-schemas.ts";
import {
  findProviderRow,
  insertProviderRow,
  listProviderRows,
  updateProviderRow,
  type ProviderRow,
  type ProviderWrite,
} from "./queries.ts";
import { providerDefinition } from "./registry.ts";
import { BUILT_IN_OFF_ID, settingsOf } from "./service.ts";
import type { ProviderInfo } from "./types.ts";

type Vars = AppEnv["Variables"];

/** A row as the API shows it: never a credential, only whether one is set. */
export function presentProvider(vars: Vars, row: ProviderRow): ExternalProvider {
  const definition = providerDefinition(row.provider_type)!;
  const settings = settingsOf(vars, row);
  return {
    id: row.id,
    provider_name: row.provider_name,
    provider_type: row.provider_type,
    is_active: row.is_active,
    categories: definition.categories,
    supports_barcode: definition.supportsBarcode,
    base_url: row.base_url,
    options: row.options,
    sort_order: row.sort_order,
    is_private: row.is_private,
    shared: row.is_shared,
    allow_private_network: row.allow_private_network,
    has_app_id: Boolean(settings.appId),
    has_app_key: Boolean(settings.appKey),
    editable: row.user_id === vars.auth.userId && vars.auth.actorId === vars.auth.userId,
  };
}

/** The providers the caller may use, with the built-in Open Food Facts when it applies. */
export async function listProviders(vars: Vars): Promise<ExternalProvider[]> {
  const { userId, actorId } = vars.auth;
  const rows = await vars.db.withUser(userId, (tx) => listProviderRows(tx, userId), actorId);
  const list = rows.map((row) => presentProvider(vars, row));
  const { openFoodFactsDefault, openFoodFactsUrl } = vars.config.foodProviders;
  if (openFoodFactsDefault && !rows.some((r) => r.provider_type === "openfoodfacts")) {
    list.push({
      id: BUILT_IN_OFF_ID,
      provider_name: "Open Food Facts",
      provider_type: "openfoodfacts",
      is_active: true,
      categories: ["food"],
      supports_barcode: true,
      base_url: openFoodFactsUrl,
      options: {},
      sort_order: Number.MAX_SAFE_INTEGER,
      is_private: false,
      shared: true,
      allow_private_network: false,
      has_app_id: false,
      has_app_key: false,
      editable: false,
    });
  }
  return list;
}

// Sharing with everyone and reaching the home network are the administrator's decisions:
// a user's own base URL on the private network would let them probe it through the server.
function checkAdminOnly(vars: Vars, input: ProviderUpdate) {
  const admin = vars.auth.role === "admin" && vars.auth.method === "session";
  if (!admin && (input.shared || input.allow_private_network)) {
    throw new HttpError(
      403,
      "Only an administrator can share a provider or allow it on the private network.",
    );
  }
}

function checkComplete(definition: ProviderInfo, row: ProviderWrite, has: Has) {
  if (definition.defaultBaseUrl === null && !row.base_url) {
    throw new HttpError(400, `${definition.label} needs the base URL of your server.`);
  }
  if (definition.needs.appId && !has.appId) {
    throw new HttpError(400, `${definition.label} needs app_id.`);
  }
  if (definition.needs.appKey && !has.appKey) {
    throw new HttpError(400, `${definition.label} needs app_key.`);
  }
}
type Has = { appId: boolean; appKey: boolean };

function sealCredentials(vars: Vars, appId: string | null, appKey: string | null) {
  if (!appId && !appKey) return null;
  const plain = JSON.stringify({ app_id: appId, app_key: appKey });
  return encryptApiKey(vars.config.apiEncryptionKey, plain);
}

function writeOf(input: ProviderUpdate): ProviderWrite {
  const write: ProviderWrite = {};
  if (input.provider_name !== undefined) write.provider_name = input.provider_name;
  if (input.provider_type !== undefined) write.provider_type = input.provider_type;
  if (input.base_url !== undefined) write.base_url = input.base_url;
  if (input.options !== undefined) write.options = input.options;
  if (input.is_active !== undefined) write.is_active = input.is_active;
  if (input.sort_order !== undefined) write.sort_order = input.sort_order;
  if (input.is_private !== undefined) write.is_private = input.is_private;
  if (input.shared !== undefined) write.is_shared = input.shared;
  if (input.allow_private_network !== undefined)
    write.allow_private_network = input.allow_private_network;
  return write;
}

export async function createProvider(vars: Vars, input: ProviderInput) {
  checkAdminOnly(vars, input);
  const definition = providerDefinition(input.provider_type)!;
  const write = writeOf(input);
  const appId = input.app_id || null;
  const appKey = input.app_key || null;
  checkComplete(definition, write, { appId: Boolean(appId), appKey: Boolean(appKey) });
  write.credentials_sealed = sealCredentials(vars, appId, appKey);
  const { userId, actorId } = vars.auth;
  const row = await vars.db.withUser(userId, (tx) => insertProviderRow(tx, userId, write), actorId);
  return presentProvider(vars, row);
}

/** Keys sent replace; app_id or app_key null clears it, left out keeps it. Null: no such row. */
export async function changeProvider(vars: Vars, id: string, input: ProviderUpdate) {
  checkAdminOnly(vars, input);
  const { userId, actorId } = vars.auth;
  return vars.db.withUser(
    userId,
    async (tx) => {
      const before = await findProviderRow(tx, userId, id);
      if (!before || before.user_id !== userId) return null;
      const old = settingsOf(vars, before);
      const appId = input.app_id === undefined ? old.appId : input.app_id || null;
      const appKey = input.app_key === undefined ? old.appKey : input.app_key || null;
      const write = writeOf(input);
      const merged = { base_url: before.base_url, ...write };
      const definition = providerDefinition(write.provider_type ?? before.provider_type)!;
      checkComplete(definition, merged, { appId: Boolean(appId), appKey: Boolean(appKey) });
      write.credentials_sealed = sealCredentials(vars, appId, appKey);
      const row = await updateProviderRow(tx, userId, id, write);
      return row && presentProvider(vars, row);
    },
    actorId,
  );
}
