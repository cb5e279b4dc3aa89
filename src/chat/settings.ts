import { decryptApiKey, encryptApiKey } from "../credentials/api-key-crypto.ts";
import type { Database, Tx } from "../db.ts";
import { HttpError } from "../errors.ts";

export type ModelProvider = "openai-compatible" | "anthropic" | "google";

export type ServerChatSettings = {
  provider: ModelProvider;
  base_url: string | null;
  model: string | null;
  has_api_key: boolean;
  allow_user_settings: boolean;
  allow_private_network: boolean;
  daily_request_limit: number;
  max_context_messages: number;
};

type ServerRow = Omit<ServerChatSettings, "has_api_key"> & { api_key_sealed: Uint8Array | null };
type UserRow = {
  provider: ModelProvider;
  base_url: string | null;
  model: string;
  api_key_sealed: Uint8Array | null;
};

/** Everything one chat needs: the model to call and the server's limits. */
export type ChatModelSettings = {
  provider: ModelProvider;
  baseUrl: string | null;
  model: string;
  apiKey: string | undefined;
  allowPrivateNetwork: boolean;
  dailyRequestLimit: number;
  maxContextMessages: number;
};

async function readServerRow(db: Database): Promise<ServerRow> {
  const [row] = await db.withAnonymous(
    (tx) => tx<ServerRow[]>`
      select provider, base_url, model, api_key_sealed, allow_user_settings,
             allow_private_network, daily_request_limit, max_context_messages
        from chat_server_settings`,
  );
  return row!;
}

/** The administrator's settings, without the key (only whether one is set). */
export async function getServerChatSettings(db: Database): Promise<ServerChatSettings> {
  const { api_key_sealed, ...settings } = await readServerRow(db);
  return { ...settings, has_api_key: api_key_sealed !== null };
}

export type ServerChatSettingsUpdate = Partial<
  Omit<ServerChatSettings, "has_api_key"> & { api_key: string | null }
>;

/** Admin: changes the server's settings (owner connection); `api_key` null removes the key. */
export async function updateServerChatSettings(
  db: Database,
  encryptionKey: string,
  update: ServerChatSettingsUpdate,
): Promise<ServerChatSettings> {
  const { api_key, ...fields } = update;
  const row: Record<string, unknown> = { ...fields, updated_at: new Date() };
  if (api_key !== undefined)
    row.api_key_sealed = api_key === null ? null : encryptApiKey(encryptionKey, api_key);
  await db.owner`update chat_server_settings set ${db.owner(row)}`;
  return getServerChatSettings(db);
}

export function findUserChatSettings(tx: Tx, userId: string) {
  return tx<UserRow[]>`
    select provider, base_url, model, api_key_sealed from chat_user_settings
     where user_id = ${userId}`.then((rows) => rows[0]);
}

export type UserChatSettingsInput = {
  provider: ModelProvider;
  base_url: string | null;
  model: string;
  api_key?: string | null;
};

/** Saves the user's own model; an omitted `api_key` keeps the stored one. */
export async function saveUserChatSettings(
  tx: Tx,
  userId: string,
  encryptionKey: string,
  input: UserChatSettingsInput,
) {
  const sealed =
    input.api_key === undefined
      ? tx`(select api_key_sealed from chat_user_settings where user_id = ${userId})`
      : input.api_key === null
        ? null
        : encryptApiKey(encryptionKey, input.api_key);
  await tx`
    insert into chat_user_settings (user_id, provider, base_url, model, api_key_sealed)
    values (${userId}, ${input.provider}, ${input.base_url}, ${input.model}, ${sealed})
    on conflict (user_id) do update set provider = excluded.provider,
      base_url = excluded.base_url, model = excluded.model,
      api_key_sealed = excluded.api_key_sealed, updated_at = now()`;
}

export function deleteUserChatSettings(tx: Tx, userId: string) {
  return tx`delete from chat_user_settings where user_id = ${userId}`;
}

/**
 * The model for `actorId`'s chats: their own when the administrator allows user settings
 * and they saved one, else the server's. 503 when neither names a model.
 */
export async function resolveChatModel(
  db: Database,
  encryptionKey: string,
  actorId: string,
): Promise<ChatModelSettings> {
  const server = await readServerRow(db);
  const own = server.allow_user_settings
    ? await db.withUser(actorId, (tx) => findUserChatSettings(tx, actorId))
    : undefined;
  const chosen = own ?? server;
  if (!chosen.model) throw new HttpError(503, "The AI assistant is not configured.");
  return {
    provider: chosen.provider,
    baseUrl: chosen.base_url,
    model: chosen.model,
    apiKey: chosen.api_key_sealed ? decryptApiKey(encryptionKey, chosen.api_key_sealed) : undefined,
    allowPrivateNetwork: server.allow_private_network,
    dailyRequestLimit: server.daily_request_limit,
    maxContextMessages: server.max_context_messages,
  };
}
