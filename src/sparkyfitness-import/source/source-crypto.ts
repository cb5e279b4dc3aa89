import { createDecipheriv, createHash } from "node:crypto";
import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";

/**
 * That server's SPARKY_FITNESS_API_ENCRYPTION_KEY as hex, or null when it is not a key: it
 * accepts 64 hex characters or 44 base64 ones (`openssl rand -base64 32`), both 32 bytes.
 */
export function sourceKeyHex(raw: string): string | null {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return raw.toLowerCase();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(raw)) return null;
  return Buffer.from(raw, "base64").toString("hex");
}

/**
 * Opens what that server sealed with AES-256-GCM under its key (hex): ciphertext, IV and
 * tag are base64 text. Null when a part is missing; throws when the key does not open it.
 */
export function openSourceSecret(
  keyHex: string,
  sealed: { text: string | null; iv: string | null; tag: string | null },
): string | null {
  if (!sealed.text || !sealed.iv || !sealed.tag) return null;
  const decipher = createDecipheriv(
    "aes-256-gcm",
    Buffer.from(keyHex, "hex"),
    Buffer.from(sealed.iv, "base64"),
  );
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.text, "base64")),
    decipher.final(),
  ]).toString("utf8");
}

/**
 * Opens a value better-auth encrypted with its secret: hex of a 24-byte nonce, the
 * XChaCha20-Poly1305 ciphertext and its tag, under the SHA-256 of the secret; newer
 * releases wrap it as `$ba$<key version>$<hex>`. SparkyFitness hands better-auth the bytes
 * of BETTER_AUTH_SECRET read as base64 (its auth.ts); a plain better-auth uses the text.
 * Throws when the secret opens it neither way.
 */
export function openBetterAuthValue(secret: string, stored: string): string {
  const hex = /^\$ba\$\d+\$([0-9a-f]+)$/.exec(stored)?.[1] ?? stored;
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error("not better-auth's encryption format");
  const data = Buffer.from(hex, "hex");
  for (const keyMaterial of [Buffer.from(secret, "base64"), Buffer.from(secret, "utf8")]) {
    const key = createHash("sha256").update(keyMaterial).digest();
    try {
      const plain = xchacha20poly1305(key, data.subarray(0, 24)).decrypt(data.subarray(24));
      return new TextDecoder().decode(plain);
    } catch {
      // Not this form of the secret.
    }
  }
  throw new Error("the secret does not open this value");
}
