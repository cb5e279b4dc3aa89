import type { SyncProviderId } from "../../config.ts";
import type { ProviderClient } from "../provider-types.ts";
import { fitbit } from "./fitbit.ts";
import { hevy } from "./hevy.ts";
import { oura } from "./oura.ts";
import { polar } from "./polar.ts";
import { strava } from "./strava.ts";
import { withings } from "./withings.ts";

const CLIENTS: Partial<Record<SyncProviderId, ProviderClient>> = {
  strava,
  withings,
  fitbit,
  oura,
  polar,
  hevy,
};

/** The client of a service, or null while it has none yet. */
export function providerClient(id: SyncProviderId): ProviderClient | null {
  return CLIENTS[id] ?? null;
}
