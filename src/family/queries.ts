import type { Tx } from "../db.ts";
import type { z } from "@hono/zod-openapi";
import {
  GRANT_FLAGS,
  type GrantCreate,
  type GrantFlags,
  type grantSchema,
  type GrantUpdate,
} from "./schemas.ts";

const GRANT_COLUMNS = [
  "id",
  "delegate_user_id",
  "delegate_email",
  "delegate_name",
  ...GRANT_FLAGS,
  "access_end_date",
  "created_at",
  "updated_at",
] as const;

// A grant past its end date is not active, whatever its switch says (as that kind of server
// answers it).
const grantColumns = (tx: Tx) => tx`
  ${tx(GRANT_COLUMNS)},
  is_active and (access_end_date is null or access_end_date > now()) as is_active`;

// Timestamps arrive as Dates and leave as ISO strings through JSON.
export type GrantRow = z.infer<typeof grantSchema>;

/** The caller's grants, newest last; names and emails come through a definer function. */
export function listGrants(tx: Tx): Promise<GrantRow[]> {
  return tx<GrantRow[]>`
    select ${grantColumns(tx)} from family_grants_of_owner() order by created_at, id`;
}

export async function findGrant(tx: Tx, id: string): Promise<GrantRow | undefined> {
  const [row] = await tx<GrantRow[]>`
    select ${grantColumns(tx)} from family_grants_of_owner() where id = ${id}`;
  return row;
}

/** The id of the account with this email (any case), or undefined. */
export async function findUserIdByEmail(tx: Tx, email: string): Promise<string | undefined> {
  const [row] = await tx<{ id: string }[]>`select id from auth_find_user_by_email(${email})`;
  return row?.id;
}

export async function insertGrant(
  tx: Tx,
  ownerId: string,
  delegateId: string,
  input: Omit<GrantCreate, "delegate_email">,
): Promise<string> {
  const fields = { owner_user_id: ownerId, delegate_user_id: delegateId, ...input };
  const [row] = await tx<{ id: string }[]>`
    insert into family_access ${tx(fields, ...(Object.keys(fields) as (keyof typeof fields)[]))}
    returning id`;
  return row!.id;
}

/** Changes the fields sent (RLS lets only the owner's own grants change). */
export async function updateGrant(tx: Tx, id: string, input: GrantUpdate): Promise<void> {
  const columns = Object.keys(input) as (keyof GrantUpdate)[];
  if (columns.length === 0) return;
  await tx`update family_access set ${tx(input, ...columns)}, updated_at = now() where id = ${id}`;
}

export async function deleteGrant(tx: Tx, id: string): Promise<boolean> {
  const result = await tx`delete from family_access where id = ${id}`;
  return result.count > 0;
}

/** The live grants made to the caller, with each owner's name and email. */
export function listGrantsToActor(tx: Tx) {
  type Row = GrantFlags & { owner_user_id: string; owner_email: string; owner_name: string };
  return tx<(Row & { access_end_date: Date | null })[]>`
    select owner_user_id, owner_email, owner_name, ${tx(GRANT_FLAGS)}, access_end_date
      from family_grants_to_actor()`;
}

/** Whether app.user_id has a live grant to app.actor_id. */
export async function hasLiveGrant(tx: Tx): Promise<boolean> {
  const [row] = await tx<
    { live: boolean }[]
  >`select exists (select 1 from app_live_grant()) as live`;
  return row!.live;
}
