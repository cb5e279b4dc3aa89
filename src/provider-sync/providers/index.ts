import type { SyncProviderId } from "../../config.ts";
import type { ProviderClient } from "../provider-types.ts";
import { fitbit } from "./fitbit.ts";
import { garmin } from "./garmin.ts";
import { googleHealth } from "./google-health.ts";
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
  google_health: googleHealth,
  garmin,
  hevy,
};

/** The client of a service, or null while it has none yet. */
export function providerClient(id: SyncProviderId): ProviderClient | null {
  return CLIENTS[id] ?? null;
}
