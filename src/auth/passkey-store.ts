import type { Database, Tx } from "../db.ts";

export type Passkey = {
  id: string;
  name: string;
  credential_id: string;
  device_type: string;
  backed_up: boolean;
  transports: string[];
  aaguid: string | null;
  last_used_at: Date | null;
  created_at: Date;
};

export type StoredCredential = {
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  transports: string[];
};

const columns = (tx: Tx) =>
  tx`id, name, credential_id, device_type, backed_up, transports, aaguid, last_used_at, created_at`;

/** The user's passkeys, newest first (never the public keys). */
export async function listPasskeys(tx: Tx, userId: string): Promise<Passkey[]> {
  return tx<Passkey[]>`
    select ${columns(tx)} from passkeys where user_id = ${userId} order by created_at desc`;
}

/** Credentials of the user, for excludeCredentials (no second registration of one key). */
export async function listCredentials(tx: Tx, userId: string): Promise<StoredCredential[]> {
  return tx<StoredCredential[]>`
    select credential_id, public_key, counter::double precision as counter, transports from passkeys where user_id = ${userId}`;
}

export async function insertPasskey(
  tx: Tx,
  userId: string,
  key: Omit<Passkey, "id" | "last_used_at" | "created_at"> & {
    public_key: Uint8Array;
    counter: number;
  },
): Promise<Passkey> {
  const [row] = await tx<Passkey[]>`
    insert into passkeys (user_id, name, credential_id, public_key, counter, device_type,
                          backed_up, transports, aaguid)
    values (${userId}, ${key.name}, ${key.credential_id}, ${key.public_key}, ${key.counter},
            ${key.device_type}, ${key.backed_up}, ${key.transports}, ${key.aaguid})
    returning ${columns(tx)}`;
  return row!;
}

export async function renamePasskey(
  tx: Tx,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey | null> {
  const [row] = await tx<Passkey[]>`
    update passkeys set name = ${name} where id = ${id} and user_id = ${userId}
    returning ${columns(tx)}`;
  return row ?? null;
}

export async function deletePasskey(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx`delete from passkeys where id = ${id} and user_id = ${userId} returning id`;
  return rows.length === 1;
}

/** The stored credential and its owner for a credential id, or null. */
export async function findCredential(
  db: Database,
  credentialId: string,
): Promise<{ userId: string; credential: StoredCredential } | null> {
  const [owner] = await db.withAnonymous(
    (tx) => tx<{ user_id: string | null }[]>`
      select auth_find_passkey_owner(${credentialId}) as user_id`,
  );
  const userId = owner?.user_id;
  if (!userId) return null;
  const [credential] = await db.withUser(
    userId,
    (tx) => tx<StoredCredential[]>`
      select credential_id, public_key, counter::double precision as counter, transports
        from passkeys where credential_id = ${credentialId} and user_id = ${userId}`,
  );
  return credential ? { userId, credential } : null;
}

/** Records a use: the authenticator's new signature counter and the time. */
export async function markPasskeyUsed(
  db: Database,
  userId: string,
  credentialId: string,
  counter: number,
): Promise<void> {
  await db.withUser(
    userId,
    (tx) => tx`
      update passkeys set counter = ${counter}, last_used_at = now()
       where credential_id = ${credentialId} and user_id = ${userId}`,
  );
}
