import { ownerJson } from "../seeds.ts";
import type { MatrixOwner, MatrixRoute, Seeded } from "../types.ts";

// The matrix's server reaches no provider (no fake, no test allow-host): a caller let
// through the permission check gets the upstream failure, 502, and never the owner's data.
async function seed(owner: MatrixOwner): Promise<Seeded> {
  const provider = await ownerJson(owner, "POST", "/api/external-providers", {
    provider_name: "Matrix USDA",
    provider_type: "usda",
    app_key: "matrix-key",
    base_url: "http://localhost:9/fdc",
  });
  return { providerId: provider.id };
}

const useProviders = { permission: "share_external_providers", write: false, seed } as const;
const configure = { permission: "owner_only", write: true, seed } as const;
// Contributions are off on the matrix's server: the owner too gets the 403 of the admin
// switch, which comes after the owner-only check every other caller fails.
const contribution = {
  permission: "owner_only",
  write: true,
  okStatus: 403,
  path: "/api/foods/00000000-0000-4000-8000-000000000001/off-contribution",
} as const;

export const routes: MatrixRoute[] = [
  { ...useProviders, method: "GET", path: "/api/external-providers" },
  {
    method: "GET",
    path: "/api/external-providers/types",
    permission: "owner_only",
    write: false,
    callerOnly: {},
  },
  {
    ...configure,
    method: "POST",
    path: "/api/external-providers",
    body: { provider_name: "Mine", provider_type: "swissfood" },
    okStatus: 201,
  },
  {
    ...configure,
    method: "PUT",
    path: (s) => `/api/external-providers/${s.providerId}`,
    body: { is_active: false },
  },
  { ...configure, method: "DELETE", path: (s) => `/api/external-providers/${s.providerId}` },
  { ...useProviders, method: "GET", path: "/api/v2/foods/search/usda?query=oats", okStatus: 502 },
  { ...useProviders, method: "GET", path: "/api/v2/foods/details/usda/171688", okStatus: 502 },
  { ...useProviders, method: "GET", path: "/api/v2/foods/barcode/0051500255162", okStatus: 502 },
  { ...useProviders, method: "GET", path: "/api/foods/barcode/0051500255162", okStatus: 502 },
  { ...useProviders, method: "GET", path: "/api/foods/usda/search?query=oats", okStatus: 502 },
  {
    ...useProviders,
    method: "GET",
    path: "/api/foods/fatsecret/nutrients?foodId=1",
    okStatus: 404,
  },
  { ...contribution, method: "GET", write: false },
  {
    ...contribution,
    method: "PUT",
    body: { photo: "/uploads/foods/a.jpg", photo_type: "front", language: "en" },
  },
  { ...contribution, method: "DELETE" },
  { ...contribution, method: "POST", path: `${contribution.path}/preview` },
  {
    ...contribution,
    method: "PUT",
    path: `${contribution.path}/confirmations`,
    body: { data_accuracy: true, photo_rights: true },
  },
  { ...contribution, method: "POST", path: `${contribution.path}/publish` },
];
