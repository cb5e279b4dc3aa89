import { createHash } from "node:crypto";

/** A random, URL-safe secret with 256 bits of entropy (WebCrypto). */
export function randomToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

export function sha256(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
