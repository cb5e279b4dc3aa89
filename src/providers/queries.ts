import type { Tx } from "../db.ts";
import type { ProviderType } from "./types.ts";

export type ProviderRow = {
  id: string;
  user_id: string;
  provider_name: string;
  provider_type: ProviderType;
  credentials_sealed: Uint8Array | null;
  base_url: string | null;
  options: Record<string, unknown>;
  is_active: boolean;
  sort_order: number;
  is_private: boolean;
  is_shared: boolean;
  allow_private_network: boolean;
  created_at: Date;
  updated_at: Date;
};

export type ProviderWrite = Partial<{
  provider_name: string;
  provider_type: ProviderType;
  credentials_sealed: Uint8Array | null;
  base_url: string | null;
  options: Record<string, unknown>;
  is_active: boolean;
  sort_order: number;
  is_private: boolean;
  is_shared: boolean;
  allow_private_network: boolean;
}>;

const COLUMNS = [
  "id",
  "user_id",
  "provider_name",
  "provider_type",
  "credentials_sealed",
  "base_url",
  "options",
  "is_active",
  "sort_order",
  "is_private",
  "is_shared",
  "allow_private_network",
  "created_at",
  "updated_at",
];

/**
 * The providers the request may use: the user's own (RLS hides private ones from a
 * delegate) then those an administrator shared, each group in its sort order.
 */
export async function listProviderRows(tx: Tx, userId: string): Promise<ProviderRow[]> {
  return tx<ProviderRow[]>`
    select ${tx(COLUMNS)} from external_providers
     where user_id = ${userId} or is_shared
     order by (user_id = ${userId}) desc, sort_order, created_at, id`;
}

export async function findProviderRow(tx: Tx, userId: string, id: string) {
  const [row] = await tx<ProviderRow[]>`
    select ${tx(COLUMNS)} from external_providers
     where id = ${id} and (user_id = ${userId} or is_shared)`;
  return row ?? null;
}

export async function insertProviderRow(tx: Tx, userId: string, values: ProviderWrite) {
  const row = { ...values, user_id: userId, options: tx.json((values.options ?? {}) as never) };
  const [saved] = await tx<ProviderRow[]>`
    insert into external_providers ${tx(row)} returning ${tx(COLUMNS)}`;
  return saved!;
}

/** Changes the keys given on the user's own row; null when there is no such row. */
export async function updateProviderRow(
  tx: Tx,
  userId: string,
  id: string,
  values: ProviderWrite,
): Promise<ProviderRow | null> {
  const changes: Record<string, unknown> = { ...values, updated_at: tx`now()` };
  if (values.options) changes.options = tx.json(values.options as never);
  const [row] = await tx<ProviderRow[]>`
    update external_providers set ${tx(changes)}
     where id = ${id} and user_id = ${userId} returning ${tx(COLUMNS)}`;
  return row ?? null;
}

export async function deleteProviderRow(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx`delete from external_providers where id = ${id} and user_id = ${userId}`;
  return rows.count > 0;
}

/** The acting person's language preference (two letters), read in their own context. */
export async function readLanguage(tx: Tx, actorId: string): Promise<string> {
  const [row] = await tx<{ language: string }[]>`
    select language from user_preferences where user_id = ${actorId}`;
  return (row?.language ?? "en").slice(0, 2).toLowerCase();
}
