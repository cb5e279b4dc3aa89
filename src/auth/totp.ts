import { Secret, TOTP } from "otpauth";

const PERIOD_SECONDS = 30;
const ISSUER = "Fitness";

function totpFor(secret: string, email = ""): TOTP {
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
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/**
 * The time step a code belongs to when it is valid now (one step of clock drift either
 * way is allowed), else null. Callers accept a step only once, which stops replays.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
