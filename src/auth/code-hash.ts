import { createHmac, randomInt } from "node:crypto";

/**
 * Keyed hash of a short code (email code, backup code). Keyed with the session secret and
 * bound to the user, so a copy of the table alone does not let anyone test guesses.
 */
export function hashCode(authSecret: string, userId: string, code: string): Buffer {
  const normalized = code.replace(/[\s-]+/g, "").toLowerCase();
  return createHmac("sha256", authSecret).update(`${userId}:${normalized}`).digest();
}

/** A random numeric code of `digits` digits, zero-padded. */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}
