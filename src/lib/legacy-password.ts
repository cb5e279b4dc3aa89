import { scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashes carried over from the established server (see README, "Switching from
 * SparkyFitness"), kept until the first sign-in re-hashes them with ours:
 * - bcrypt (`$2a$`/`$2b$`/`$2y$`, as its release 1.6.2 writes with bcryptjs), kept as is;
 * - better-auth's default scrypt: N=16384, r=16, p=1 and a 64-byte key over the NFKC form
 *   of the password; the salt is 32 hex characters and that hex text itself is the scrypt
 *   salt. Stored here as `sparky-scrypt:<salt hex>:<key hex>`.
 */
export const LEGACY_SCRYPT_PREFIX = "sparky-scrypt:";
const SALT_AND_KEY = /^([0-9a-f]{32}):([0-9a-f]{128})$/;
const BCRYPT = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;
// bcrypt reads at most 72 bytes of the password; bcryptjs drops the rest.
const BCRYPT_MAX_BYTES = 72;

/** The stored form of the other server's password hash, or null when it is neither format. */
export function legacyHashFromSource(value: string | null): string | null {
  if (value && BCRYPT.test(value)) return value;
  if (value && SALT_AND_KEY.test(value)) return LEGACY_SCRYPT_PREFIX + value;
  return null;
}

/**
 * Whether a password that matched a carried-over hash may replace it with ours. A bcrypt
 * match proves only the first 72 bytes: a password of 72 bytes or more may be the prefix of
 * a longer real one plus any tail, so re-hashing it would lock the real password out. Such
 * an account keeps bcrypt's rule until its password is changed. Below 72 bytes bcrypt also
 * reads the terminating zero byte, so a match proves the whole password.
 */
export function mayReplaceLegacyHash(password: string, hash: string): boolean {
  if (hash.startsWith(LEGACY_SCRYPT_PREFIX)) return true;
  return BCRYPT.test(hash) && new TextEncoder().encode(password).length < BCRYPT_MAX_BYTES;
}

/** Checks a password against a carried-over bcrypt hash, reading its first 72 bytes as bcryptjs does. */
function verifyBcrypt(password: string, hash: string): Promise<boolean> {
  const bytes = new TextEncoder().encode(password).subarray(0, BCRYPT_MAX_BYTES);
  return Bun.password.verify(bytes, hash, "bcrypt");
}

/** Checks a password against a carried-over scrypt hash in constant time. */
async function verifyScrypt(password: string, hash: string): Promise<boolean> {
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
  const check = hash.startsWith(LEGACY_SCRYPT_PREFIX)
    ? verifyScrypt(password, hash)
    : BCRYPT.test(hash)
      ? verifyBcrypt(password, hash)
      : Bun.password.verify(password, hash);
  return check.catch(() => false);
}
