import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { randomToken } from "./tokens.ts";

const KEY_PREFIX = "fit_";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const KEY_LENGTH = KEY_PREFIX.length + randomToken().length;

export function generateApiKey(): string {
  return KEY_PREFIX + randomToken();
}

/**
 * Whether `token` has the shape generateApiKey gives every key. A session token (the same
 * random part, without the prefix) never has it, so a bearer of this shape needs no
 * session lookup.
 */
export function hasApiKeyShape(token: string): boolean {
  return token.length === KEY_LENGTH && token.startsWith(KEY_PREFIX);
}

/** What the key list shows instead of the secret. */
export function displayPrefix(apiKey: string): string {
  return apiKey.slice(0, KEY_PREFIX.length + 6);
}

/**
 * Keyed hash used to find a key without decrypting rows. The HMAC key is derived from the
 * encryption key so one configured secret serves both, without reusing it directly.
 */
export function apiKeyLookupHash(encryptionKeyHex: string, apiKey: string): Buffer {
  return createHmac("sha256", lookupKeyOf(encryptionKeyHex)).update(apiKey).digest();
}

// Derived once per encryption key (one in a server, a few in tests), not on every request.
const lookupKeys = new Map<string, Buffer>();
function lookupKeyOf(encryptionKeyHex: string): Buffer {
  let hmacKey = lookupKeys.get(encryptionKeyHex);
  if (!hmacKey) {
    hmacKey = createHmac("sha256", Buffer.from(encryptionKeyHex, "hex"))
      .update("fitness api-key lookup v1")
      .digest();
    lookupKeys.set(encryptionKeyHex, hmacKey);
  }
  return hmacKey;
}

/**
 * How SparkyFitness (better-auth's API-key plugin) keeps a key: its SHA-256, stored there
 * in base64url. A key carried over from it is found by this hash (lookup_kind 'sha256').
 */
export function carriedKeyHash(apiKey: string): Buffer {
  return createHash("sha256").update(apiKey).digest();
}

/** AES-256-GCM; stored as iv || ciphertext || tag. */
export function encryptApiKey(encryptionKeyHex: string, apiKey: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(encryptionKeyHex, "hex"), iv);
  const body = Buffer.concat([cipher.update(apiKey, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

export function decryptApiKey(encryptionKeyHex: string, stored: Uint8Array): string {
  const data = Buffer.from(stored);
  const iv = data.subarray(0, IV_BYTES);
  const tag = data.subarray(data.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(encryptionKeyHex, "hex"), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)),
    decipher.final(),
  ]).toString("utf8");
}
