import type { MatrixOwner, MatrixRoute, Seeded } from "../types.ts";
import { ownerJson } from "../seeds.ts";

/** A fresh account to share with (signed up over HTTP, no credentials needed). */
async function seedAccount(owner: MatrixOwner) {
  const email = `${crypto.randomUUID()}@example.test`;
  await ownerJson(owner, "POST", "/api/auth/sign-up/email", { email, password: "matrix password" });
  return { email };
}

async function seedGrant(owner: MatrixOwner) {
  const { email } = await seedAccount(owner);
  const grant = await ownerJson(owner, "POST", "/api/identity/family-access", {
    delegate_email: email,
    can_view_reports: true,
  });
  return { id: grant.id as string };
}

const GRANTS = "/api/identity/family-access";
// Grants are the owner's alone, whatever the grant says.
const ownerOnly = { permission: "owner_only" } as const;
// Handing out access to one's data needs signing in: no API key can.
const sessionOnly = { permission: "owner_only", keyPermissions: [] } as const;

export const routes: MatrixRoute[] = [
  { ...ownerOnly, method: "GET", path: GRANTS, write: false, seed: seedGrant },
  {
    ...sessionOnly,
    method: "POST",
    path: GRANTS,
    write: true,
    seed: seedAccount,
    body: (s: Seeded) => ({ delegate_email: s.email, can_manage_diary: true }),
    okStatus: 201,
  },
  {
    ...sessionOnly,
    method: "PUT",
    path: (s) => `${GRANTS}/${s.id}`,
    write: true,
    seed: seedGrant,
    body: { can_manage_checkin: true },
  },
  {
    ...sessionOnly,
    method: "DELETE",
    path: (s) => `${GRANTS}/${s.id}`,
    write: true,
    seed: seedGrant,
  },
  // Who shared with me: always the caller's own list.
  {
    ...ownerOnly,
    method: "GET",
    path: "/api/identity/users/accessible-users",
    write: false,
    callerOnly: {},
  },
];
