import type { MatrixOwner, MatrixRoute } from "../types.ts";
import { ownerJson } from "../seeds.ts";

async function seedApiKey(owner: MatrixOwner) {
  const { apiKey } = await ownerJson(owner, "POST", "/api/identity/user/generate-api-key", {
    name: "matrix key",
    permissions: ["health_data_write"],
  });
  return { key: apiKey.id as string };
}

export const routes: MatrixRoute[] = [
  { method: "GET", path: "/api/identity/profiles", permission: "profile", write: false },
  {
    method: "PUT",
    path: "/api/identity/profiles",
    permission: "owner_only",
    write: true,
    body: { name: "Matrix Owner" },
  },
  // Who is signed in: always the caller's own account.
  {
    method: "GET",
    path: "/api/identity/user",
    permission: "owner_only",
    write: false,
    callerOnly: {},
    // The phone app's connection check, whatever the pasted key is for.
    keyPermissions: ["health_data_write", "mcp", "data_read", "data_write"],
  },
  // API keys are never shared: the routes always work on the signed-in user's own keys.
  {
    method: "GET",
    path: "/api/identity/user-api-keys",
    permission: "owner_only",
    write: false,
    seed: seedApiKey,
    callerOnly: {},
    keyPermissions: [],
  },
  {
    method: "POST",
    path: "/api/identity/user/generate-api-key",
    permission: "owner_only",
    write: true,
    body: { name: "another key", permissions: ["health_data_write"] },
    okStatus: 201,
    callerOnly: {},
    keyPermissions: [],
  },
  {
    method: "DELETE",
    path: (s) => `/api/identity/user/api-key/${s.key}`,
    permission: "owner_only",
    write: true,
    seed: seedApiKey,
    callerOnly: { otherStatus: 404 },
    keyPermissions: [],
  },
];
