import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import { putChallenge, takeChallenge } from "./challenges.ts";
import {
  findCredential,
  insertPasskey,
  listCredentials,
  markPasskeyUsed,
  type Passkey,
} from "./passkey-store.ts";

// Long enough for a person to find their security key, short enough to be useless later.
const CHALLENGE_SECONDS = 5 * 60;
// Loaded on first use, like every library of a rarely used feature (README, "Memory").
const webauthn = () => import("@simplewebauthn/server");

export const PASSKEYS_OFF = "Passkeys need SERVICE_FITNESS_PUBLIC_URL to be set.";
export const PASSKEY_FAILED = "Passkey verification failed or the challenge has expired.";

type Challenge = { challenge: string };

/** The relying party: the public URL's host name and origin (browsers check both). */
export function relyingParty(config: Pick<Config, "publicUrl">) {
  if (!config.publicUrl) throw new HttpError(400, PASSKEYS_OFF);
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: "Fitness" };
}

/** Registration options for a signed-in user, with the id of their single-use challenge. */
export async function startPasskeyRegistration(
  db: Database,
  config: Config,
  user: { id: string; email: string; name: string },
) {
  const rp = relyingParty(config);
  const existing = await db.withUser(user.id, (tx) => listCredentials(tx, user.id));
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
    // A discoverable credential lets the user sign in later without typing an address.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: CHALLENGE_SECONDS * 1000,
  });
  const data: Challenge = { challenge: options.challenge };
  const challengeId = await putChallenge(
    db,
    "passkey-registration",
    user.id,
    data,
    CHALLENGE_SECONDS,
  );
  return { challengeId, options };
}

/**
 * Verifies the authenticator's answer to a registration challenge and stores the key for
 * the user the challenge was made for. `signedInUserId` must be that user when the
 * request carries a session; null for the phone app's ticket flow, where the challenge
 * itself came from a single-use ticket.
 */
export async function finishPasskeyRegistration(
  db: Database,
  config: Config,
  signedInUserId: string | null,
  input: { challengeId: string; response: RegistrationResponseJSON; name?: string },
): Promise<Passkey> {
  const rp = relyingParty(config);
  const taken = await takeChallenge<Challenge>(db, input.challengeId, "passkey-registration");
  const userId = taken?.userId;
  if (!userId || (signedInUserId && userId !== signedInUserId)) {
    throw new HttpError(400, PASSKEY_FAILED);
  }
  const { verifyRegistrationResponse } = await webauthn();
  const result = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: taken.data.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const, registrationInfo: undefined }));
  if (!result.verified) throw new HttpError(400, PASSKEY_FAILED);
  const info = result.registrationInfo;
  return db.withUser(userId, (tx) =>
    insertPasskey(tx, userId, {
      name: input.name?.trim() || "Passkey",
      credential_id: info.credential.id,
      public_key: info.credential.publicKey,
      counter: info.credential.counter,
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp,
      transports: info.credential.transports ?? [],
      aaguid: info.aaguid,
    }),
  );
}

/** Options for a sign-in with any discoverable passkey of this site. */
export async function startPasskeySignIn(db: Database, config: Config) {
  const rp = relyingParty(config);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
    timeout: CHALLENGE_SECONDS * 1000,
  });
  const data: Challenge = { challenge: options.challenge };
  const challengeId = await putChallenge(
    db,
    "passkey-authentication",
    null,
    data,
    CHALLENGE_SECONDS,
  );
  return { challengeId, options };
}

/** Verifies a passkey sign-in and returns the id of the user it belongs to. */
export async function finishPasskeySignIn(
  db: Database,
  config: Config,
  input: { challengeId: string; response: AuthenticationResponseJSON },
): Promise<string> {
  const rp = relyingParty(config);
  const taken = await takeChallenge<Challenge>(db, input.challengeId, "passkey-authentication");
  const found = taken ? await findCredential(db, input.response.id) : null;
  if (!taken || !found) throw new HttpError(401, PASSKEY_FAILED);
  const { credential, userId } = found;
  const { verifyAuthenticationResponse } = await webauthn();
  const result = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: taken.data.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: credential.credential_id,
      publicKey: new Uint8Array(credential.public_key),
      counter: credential.counter,
      transports: credential.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw new HttpError(401, PASSKEY_FAILED);
  await markPasskeyUsed(db, userId, credential.credential_id, result.authenticationInfo.newCounter);
  return userId;
}
