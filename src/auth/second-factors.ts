import type { Tx } from "../db.ts";
import { hashCode } from "./code-hash.ts";

export type SecondFactors = {
  totp_secret_ciphertext: Uint8Array | null;
  totp_enabled: boolean;
  email_enabled: boolean;
};

const BACKUP_CODE_COUNT = 10;
// Without look-alike characters (0/o, 1/l/i), so codes can be copied from paper.
const BACKUP_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** The user's second-factor settings (all off when the user never set any). */
export async function getSecondFactors(tx: Tx, userId: string): Promise<SecondFactors> {
  const [row] = await tx<SecondFactors[]>`
    select totp_secret_ciphertext, totp_enabled, email_enabled
      from user_second_factors where user_id = ${userId}`;
  return row ?? { totp_secret_ciphertext: null, totp_enabled: false, email_enabled: false };
}

/** Stores a new, not yet confirmed TOTP secret (an enabled one stays until disabled). */
export async function saveTotpSecret(tx: Tx, userId: string, ciphertext: Buffer): Promise<void> {
  await tx`
    insert into user_second_factors (user_id, totp_secret_ciphertext)
    values (${userId}, ${ciphertext})
    on conflict (user_id) do update
      set totp_secret_ciphertext = excluded.totp_secret_ciphertext, totp_enabled = false,
          totp_last_step = null, updated_at = now()`;
}

export async function setTotpEnabled(tx: Tx, userId: string, enabled: boolean): Promise<void> {
  await tx`
    update user_second_factors
       set totp_enabled = ${enabled}, updated_at = now(),
           totp_secret_ciphertext = case when ${enabled} then totp_secret_ciphertext end
     where user_id = ${userId}`;
  if (!enabled) await tx`delete from user_backup_codes where user_id = ${userId}`;
}

export async function setEmailFactor(tx: Tx, userId: string, enabled: boolean): Promise<void> {
  await tx`
    insert into user_second_factors (user_id, email_enabled) values (${userId}, ${enabled})
    on conflict (user_id) do update set email_enabled = ${enabled}, updated_at = now()`;
}

/** Records that a code of `step` was used; false when that step (or a later one) was. */
export async function claimTotpStep(tx: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await tx`
    update user_second_factors set totp_last_step = ${step}
     where user_id = ${userId} and (totp_last_step is null or totp_last_step < ${step})
     returning user_id`;
  return rows.length === 1;
}

/** Replaces the user's backup codes with ten new ones, returned once in plain text. */
export async function replaceBackupCodes(
  tx: Tx,
  authSecret: string,
  userId: string,
): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = Array.from(bytes, (b) => BACKUP_ALPHABET[b % BACKUP_ALPHABET.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await tx`delete from user_backup_codes where user_id = ${userId}`;
  await addBackupCodes(tx, authSecret, userId, codes);
  return codes;
}

/** Stores unused backup codes, hashed (also those carried over from another server). */
export async function addBackupCodes(
  tx: Tx,
  authSecret: string,
  userId: string,
  codes: string[],
): Promise<void> {
  if (codes.length === 0) return;
  const rows = codes.map((code) => ({
    user_id: userId,
    code_hash: hashCode(authSecret, userId, code),
  }));
  await tx`insert into user_backup_codes ${tx(rows, "user_id", "code_hash")}`;
}

/** Marks an unused backup code as used; false when no such unused code exists. */
export async function useBackupCode(
  tx: Tx,
  authSecret: string,
  userId: string,
  code: string,
): Promise<boolean> {
  const rows = await tx`
    update user_backup_codes set used_at = now()
     where user_id = ${userId} and code_hash = ${hashCode(authSecret, userId, code)}
       and used_at is null
     returning id`;
  return rows.length === 1;
}
