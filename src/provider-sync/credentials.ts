import type { Config, SyncProviderId } from "../config.ts";
import type { ConnectionRow } from "./connection-queries.ts";
import type { ClientCredentials } from "./provider-types.ts";
import { openCredential } from "./token-seal.ts";

/** The user's own OAuth app when they set one, else the administrator's; null when neither. */
export function clientCredentials(
  config: Config,
  provider: SyncProviderId,
  connection: Pick<ConnectionRow, "client_id" | "client_secret_sealed"> | null,
): ClientCredentials | null {
  const own = connection?.client_id;
  const ownSecret = openCredential(config, connection?.client_secret_sealed ?? null);
  if (own && ownSecret) return { clientId: own, clientSecret: ownSecret };
  const admin = config.syncProviders[provider];
  return admin.clientId && admin.clientSecret
    ? { clientId: admin.clientId, clientSecret: admin.clientSecret }
    : null;
}
