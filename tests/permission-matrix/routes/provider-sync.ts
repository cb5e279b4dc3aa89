import type { MatrixOwner, MatrixRoute, Seeded } from "../types.ts";
import { ownerJson } from "../seeds.ts";

// Connections hold credentials, which are never shared: connecting, settings and
// disconnecting are the owner's alone. With share_external_providers a delegate may see
// and use (sync now) the owner's non-private connections. The matrix server configures no
// OAuth app and reaches no service: the owner's authorize needs the owner's own client,
// and a callback with an unknown state is a 400 that still comes after every permission check.
const owner = { permission: "owner_only", write: true } as const;
const use = { permission: "share_external_providers", write: false } as const;

// A connection exposes no id of its own; the seed only makes "sync now" possible.
async function seedHevy(o: MatrixOwner): Promise<Seeded> {
  await ownerJson(o, "POST", "/api/integrations/hevy/connect", { api_key: "hevy-matrix-key" });
  return {};
}

async function seedOwnClient(o: MatrixOwner): Promise<Seeded> {
  await ownerJson(o, "PUT", "/api/integrations/strava/settings", {
    client_id: "matrix-client",
    client_secret: "matrix-secret",
  });
  return {};
}

export const routes: MatrixRoute[] = [
  { ...use, method: "GET", path: "/api/integrations", seed: seedHevy },
  { ...use, method: "GET", path: "/api/integrations/hevy/status", seed: seedHevy },
  {
    ...use,
    method: "POST",
    path: "/api/integrations/hevy/sync",
    body: {},
    seed: seedHevy,
    okStatus: 202,
  },
  {
    ...owner,
    method: "PUT",
    path: "/api/integrations/strava/settings",
    body: { sync_frequency: "daily", is_private: false },
  },
  { ...owner, method: "GET", path: "/api/integrations/strava/authorize", seed: seedOwnClient },
  {
    ...owner,
    method: "POST",
    path: "/api/integrations/strava/callback",
    body: { code: "code", state: "unknown-state" },
    okStatus: 400,
  },
  {
    ...owner,
    method: "POST",
    path: "/api/integrations/hevy/connect",
    body: { api_key: "hevy-key" },
  },
  { ...owner, method: "POST", path: "/api/integrations/hevy/disconnect", seed: seedHevy },
];
