import type { SyncProviderId } from "../../config.ts";
import type { ProviderClient } from "../provider-types.ts";
import { strava } from "./strava.ts";

const CLIENTS: Partial<Record<SyncProviderId, ProviderClient>> = { strava };

/** The client of a service, or null while it has none yet. */
export function providerClient(id: SyncProviderId): ProviderClient | null {
  return CLIENTS[id] ?? null;
}
