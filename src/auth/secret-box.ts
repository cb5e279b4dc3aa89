import { createHmac } from "node:crypto";
import { decryptApiKey, encryptApiKey } from "../credentials/api-key-crypto.ts";

// One AES-256-GCM key per purpose, derived from the session secret, so the TOTP data is
// bound to BETTER_AUTH_SECRET as the spec says (changing it makes that data unreadable).
function derivedKeyHex(authSecret: string, purpose: string): string {
  return createHmac("sha256", authSecret).update(`fitness ${purpose} v1`).digest("hex");
}

/** Encrypts a second-factor secret with the key derived from BETTER_AUTH_SECRET. */
export function sealTotpSecret(authSecret: string, secret: string): Buffer {
  return encryptApiKey(derivedKeyHex(authSecret, "totp"), secret);
}

/** Decrypts a TOTP secret; null when BETTER_AUTH_SECRET changed since it was stored. */
export function openTotpSecret(authSecret: string, stored: Uint8Array): string | null {
  try {
    return decryptApiKey(derivedKeyHex(authSecret, "totp"), stored);
  } catch {
    return null;
  }
}
