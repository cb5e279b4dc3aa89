import type { TOTP } from "otpauth";

// Loaded on first use, like every library of a rarely used feature (README, "Memory").
const otpauth = () => import("otpauth");

const PERIOD_SECONDS = 30;
const ISSUER = "Fitness";

async function totpFor(secret: string, email = ""): Promise<TOTP> {
  const { Secret, TOTP } = await otpauth();
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random 160-bit TOTP secret in base32 (what authenticator apps expect). */
export async function newTotpSecret(): Promise<string> {
  const { Secret } = await otpauth();
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export async function totpUri(secret: string, email: string): Promise<string> {
  return (await totpFor(secret, email)).toString();
}

/**
 * The time step a code belongs to when it is valid now (one step of clock drift either
 * way is allowed), else null. Callers accept a step only once, which stops replays.
 */
export async function matchTotpStep(
  secret: string,
  code: string,
  now = Date.now(),
): Promise<number | null> {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = (await totpFor(secret)).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
