import { scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashes carried over from the established server (see README, "Switching from
 * SparkyFitness"): scrypt with N=16384, r=16, p=1 and a 64-byte key over the NFKC form of
 * the password; the salt is 32 hex characters and that hex text itself is the scrypt salt.
 * Stored here as `sparky-scrypt:<salt hex>:<key hex>` until the first sign-in re-hashes it.
 */
export const LEGACY_SCRYPT_PREFIX = "sparky-scrypt:";
const SALT_AND_KEY = /^([0-9a-f]{32}):([0-9a-f]{128})$/;

/** The stored form of the other server's `<salt>:<key>` hash, or null when it is not one. */
export function legacyHashFromSource(value: string | null): string | null {
  if (!value || !SALT_AND_KEY.test(value)) return null;
  return LEGACY_SCRYPT_PREFIX + value;
}

export function isLegacyHash(hash: string): boolean {
  return hash.startsWith(LEGACY_SCRYPT_PREFIX);
}

/** Checks a password against a carried-over scrypt hash in constant time. */
export async function verifyLegacyHash(password: string, hash: string): Promise<boolean> {
  const match = SALT_AND_KEY.exec(hash.slice(LEGACY_SCRYPT_PREFIX.length));
  if (!match) return false;
  const [, salt, key] = match;
  const expected = Buffer.from(key!, "hex");
  const derived = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt!,
      expected.length,
      { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  return timingSafeEqual(derived, expected);
}

/** Whether a password matches a stored hash: ours (argon2id) or a carried-over one. */
export function passwordMatches(password: string, hash: string): Promise<boolean> {
  const check = isLegacyHash(hash)
    ? verifyLegacyHash(password, hash)
    : Bun.password.verify(password, hash);
  return check.catch(() => false);
}
