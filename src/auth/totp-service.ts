import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import { openTotpSecret, sealTotpSecret } from "./secret-box.ts";
import {
  claimTotpStep,
  getSecondFactors,
  replaceBackupCodes,
  saveTotpSecret,
  setTotpEnabled,
} from "./second-factors.ts";
import { matchTotpStep, newTotpSecret, totpUri } from "./totp.ts";

export const WRONG_TOTP = "Invalid two-factor code.";

/**
 * Starts TOTP set-up: a new secret (not active until confirmed with a first code), its
 * otpauth:// URI and QR code, and ten backup codes shown only now.
 */
export async function startTotpSetUp(
  db: Database,
  authSecret: string,
  user: { id: string; email: string },
) {
  const secret = await newTotpSecret();
  const uri = await totpUri(secret, user.email);
  const backupCodes = await db.withUser(user.id, async (tx) => {
    const factors = await getSecondFactors(tx, user.id);
    if (factors.totp_enabled) throw new HttpError(409, "Two-factor sign-in is already enabled.");
    await saveTotpSecret(tx, user.id, sealTotpSecret(authSecret, secret));
    return replaceBackupCodes(tx, authSecret, user.id);
  });
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1 });
  return {
    totpURI: uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    backupCodes,
  };
}

/**
 * Whether `code` is a current TOTP code of the user that was not used before. With
 * `confirming`, the not yet enabled secret from set-up is checked (and then enabled).
 */
export async function checkTotpCode(
  db: Database,
  authSecret: string,
  userId: string,
  code: string,
  confirming = false,
): Promise<boolean> {
  return db.withUser(userId, async (tx) => {
    const factors = await getSecondFactors(tx, userId);
    if (!factors.totp_secret_ciphertext || factors.totp_enabled === confirming) return false;
    const secret = openTotpSecret(authSecret, factors.totp_secret_ciphertext);
    const step = secret === null ? null : await matchTotpStep(secret, code);
    if (step === null || !(await claimTotpStep(tx, userId, step))) return false;
    if (confirming) await setTotpEnabled(tx, userId, true);
    return true;
  });
}

/** Turns TOTP off and drops its secret and backup codes. */
export async function disableTotp(db: Database, userId: string): Promise<void> {
  await db.withUser(userId, (tx) => setTotpEnabled(tx, userId, false));
}

/** New backup codes for a user with TOTP enabled. */
export async function regenerateBackupCodes(db: Database, authSecret: string, userId: string) {
  return db.withUser(userId, async (tx) => {
    const factors = await getSecondFactors(tx, userId);
    if (!factors.totp_enabled) throw new HttpError(400, "Two-factor sign-in is not enabled.");
    return replaceBackupCodes(tx, authSecret, userId);
  });
}
