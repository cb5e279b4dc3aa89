import { createHash } from "node:crypto";
import { API_KEY_PERMISSIONS } from "../../credentials/api-keys.ts";
import {
  addBackupCodes,
  getSecondFactors,
  saveTotpSecret,
  setTotpEnabled,
} from "../../auth/second-factors.ts";
import { sealTotpSecret } from "../../auth/secret-box.ts";
import { insertNew, withDropped } from "../run/copy-rows.ts";
import { userRows, type TableImporter, type UserImport } from "../run/context.ts";
import { openBetterAuthValue } from "../source/source-crypto.ts";

type SourceKey = {
  id: string;
  name: string | null;
  key: string;
  start: string | null;
  enabled: boolean;
  expires_at: Date | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** That server's id as a uuid here: kept when it is one, else one derived from it (the same every run). */
function keyId(id: string): string {
  if (UUID.test(id)) return id;
  const h = createHash("sha256").update(`sparkyfitness api_key ${id}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * API keys: that server keeps the SHA-256 of each key (base64url), so a key carries over
 * as that hash and the phone app's key keeps working. Its keys act with the whole account
 * there (better-auth sessions from keys, no permission set), so here they get every key
 * permission. A disabled key stays behind. Its use here (last used) is this server's own,
 * so a re-run compares only what came from there.
 */
export const apiKeys: TableImporter = {
  table: "api_key",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceKey[]>`
        select id::text, name, key, start, coalesce(enabled, true) as enabled, expires_at
          from public.api_key where reference_id::text = ${u.userId}`,
      "public.api_key",
    );
    const carried = [];
    for (const r of rows) {
      const hash = Buffer.from(r.key, "base64url");
      if (!r.enabled) u.summary.skip("API key disabled there");
      else if (hash.length !== 32) u.summary.skip("API key not stored as a SHA-256 there");
      else
        carried.push({
          id: keyId(r.id),
          user_id: u.userId,
          name: (r.name?.trim() || "SparkyFitness key").slice(0, 100),
          key_prefix: r.start ?? "",
          lookup_hash: hash,
          lookup_kind: "sha256",
          key_ciphertext: null,
          permissions: [...API_KEY_PERMISSIONS],
          expires_at: r.expires_at,
        });
    }
    return withDropped(
      await insertNew(u, "api_keys", carried, undefined, { carryDeletions: true }),
      rows.length - carried.length,
    );
  },
};

type SourceTwoFactor = { secret: string; backup_codes: string | null; enabled: boolean };

/**
 * TOTP two-factor: with that server's BETTER_AUTH_SECRET (`--auth-secret`) the secret and
 * the unused backup codes are opened and kept, sealed with this server's; without it the
 * account comes over without them and the summary says whose must be set up again. A
 * second factor already set up here is left as it is.
 */
export const twoFactor: TableImporter = {
  table: "two_factor",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceTwoFactor[]>`
        select t.secret, t.backup_codes, coalesce(x.two_factor_enabled, false) as enabled
          from public.two_factor t join public."user" x on x.id = t.user_id
         where t.user_id::text = ${u.userId}`,
      "public.two_factor",
    );
    let written = 0;
    for (const r of rows) {
      if (!r.enabled) u.summary.skip("two-factor set-up not finished there");
      else if (await keepTwoFactor(u, r)) written++;
    }
    return { read: rows.length, written, skipped: rows.length - written };
  },
};

async function keepTwoFactor(u: UserImport, row: SourceTwoFactor): Promise<boolean> {
  if ((await getSecondFactors(u.tx, u.userId)).totp_enabled) {
    u.summary.skip("two-factor already set up here");
    return false;
  }
  const opened = u.sourceAuthSecret ? openTwoFactor(u.sourceAuthSecret, row) : null;
  if (!opened) {
    u.summary.skip("two-factor secret not opened (no --auth-secret, or another one)");
    u.summary.needsAction(
      `${u.email}: set up two-factor sign-in again (${u.sourceAuthSecret ? "the given --auth-secret does not open it" : "run with --auth-secret to keep it"})`,
    );
    return false;
  }
  const { Secret } = await import("otpauth");
  // better-auth uses the secret's text as the HMAC key; authenticator apps hold its base32.
  const base32 = Secret.fromUTF8(opened.secret).base32;
  await saveTotpSecret(u.tx, u.userId, sealTotpSecret(u.authSecret, base32));
  await setTotpEnabled(u.tx, u.userId, true);
  await addBackupCodes(u.tx, u.authSecret, u.userId, opened.backupCodes);
  return true;
}

/** The TOTP secret and backup codes (better-auth keeps a JSON list of the unused ones), or null. */
function openTwoFactor(secret: string, row: SourceTwoFactor) {
  try {
    const backup: unknown = row.backup_codes
      ? JSON.parse(openBetterAuthValue(secret, row.backup_codes))
      : [];
    return {
      secret: openBetterAuthValue(secret, row.secret),
      backupCodes: Array.isArray(backup) ? backup.filter((c) => typeof c === "string") : [],
    };
  } catch {
    return null;
  }
}
