import { SYNC_PROVIDERS, type Config, type SyncProviderId } from "../config.ts";
import type { Tx } from "../db.ts";
import { listConnections, type ConnectionRow } from "./connection-queries.ts";
import { clientCredentials } from "./credentials.ts";
import { providerClient } from "./providers/index.ts";
import type { ConnectionView } from "./schemas.ts";

const NAMES: Record<SyncProviderId, string> = {
  strava: "Strava",
  withings: "Withings",
  fitbit: "Fitbit",
  google_health: "Google Health",
  polar: "Polar",
  oura: "Oura",
  garmin: "Garmin",
  hevy: "Hevy",
};

export function providerName(provider: SyncProviderId): string {
  return NAMES[provider];
}

/** Every service with the caller's connection to it, if any (no credential ever shown). */
export async function listConnectionViews(tx: Tx, config: Config, userId: string) {
  const [rows, jobs] = await Promise.all([listConnections(tx, userId), nextRuns(tx, userId)]);
  return SYNC_PROVIDERS.map((provider) => {
    const row = rows.find((r) => r.provider === provider) ?? null;
    return connectionView(config, provider, row, row ? (jobs.get(row.id) ?? null) : null);
  });
}

export async function findConnectionView(
  tx: Tx,
  config: Config,
  userId: string,
  provider: SyncProviderId,
) {
  const views = await listConnectionViews(tx, config, userId);
  return views.find((v) => v.provider === provider)!;
}

// Jobs are owner-only: a delegate sees no next run.
async function nextRuns(tx: Tx, userId: string) {
  const rows = await tx<{ connection_id: string; run_at: Date }[]>`
    select connection_id, run_at from provider_sync_jobs where user_id = ${userId}`;
  return new Map(rows.map((r) => [r.connection_id, r.run_at]));
}

function connectionView(
  config: Config,
  provider: SyncProviderId,
  row: ConnectionRow | null,
  nextRun: Date | null,
): ConnectionView {
  const auth = providerClient(provider)?.auth ?? "oauth2";
  return {
    provider,
    name: providerName(provider),
    auth,
    configured: auth === "api_key" || clientCredentials(config, provider, row) !== null,
    has_own_client: Boolean(row?.client_id && row.client_secret_sealed),
    connected: row?.status === "connected",
    status: row?.status ?? "disconnected",
    external_user_id: row?.external_user_id ?? null,
    is_private: row?.is_private ?? false,
    sync_frequency: row?.sync_frequency ?? "hourly",
    last_sync_at: row?.last_sync_at?.toISOString() ?? null,
    last_error: row?.last_error ?? null,
    next_sync_at: nextRun?.toISOString() ?? null,
  };
}
