// The browser half of passkeys: the server's options JSON (base64url strings) turned into
// the buffers navigator.credentials wants, and the credential back into JSON.
import { post } from "../api/client.ts";

type Json = Record<string, unknown>;
type Challenge = { challengeId: string; options: Json };
type Descriptor = { id: string; type: "public-key"; transports?: AuthenticatorTransport[] };

function fromBase64url(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
}

function toBase64url(buffer: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const descriptors = (list: unknown) =>
  ((list as Descriptor[] | undefined) ?? []).map((d) => ({ ...d, id: fromBase64url(d.id) }));

/** The credential as the server reads it (PublicKeyCredential.toJSON()'s shape). */
function credentialJson(credential: PublicKeyCredential): Json {
  const answer = credential.response;
  const response: Json = { clientDataJSON: toBase64url(answer.clientDataJSON) };
  if (answer instanceof AuthenticatorAttestationResponse) {
    response.attestationObject = toBase64url(answer.attestationObject);
    response.transports = answer.getTransports?.() ?? [];
  } else if (answer instanceof AuthenticatorAssertionResponse) {
    response.authenticatorData = toBase64url(answer.authenticatorData);
    response.signature = toBase64url(answer.signature);
    if (answer.userHandle) response.userHandle = toBase64url(answer.userHandle);
  }
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

/** Creates a passkey on this device and stores it under `name`. */
export async function registerPasskey(name: string): Promise<void> {
  const { challengeId, options } = await post<Challenge>(
    "/api/auth/passkey/generate-register-options",
  );
  const user = options.user as { id: string; name: string; displayName: string };
  const publicKey = {
    ...options,
    challenge: fromBase64url(options.challenge as string),
    user: { ...user, id: fromBase64url(user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  } as PublicKeyCredentialCreationOptions;
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
  const response = credentialJson(credential);
  await post("/api/auth/passkey/verify-registration", { challengeId, response, name });
}

/** Signs in with a passkey of this device (the server sets the session cookie). */
export async function signInWithPasskey(): Promise<void> {
  const { challengeId, options } = await post<Challenge>(
    "/api/auth/passkey/generate-authenticate-options",
  );
  const publicKey = {
    ...options,
    challenge: fromBase64url(options.challenge as string),
    allowCredentials: descriptors(options.allowCredentials),
  } as PublicKeyCredentialRequestOptions;
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential;
  await post("/api/auth/passkey/verify-authentication", {
    challengeId,
    response: credentialJson(credential),
  });
}

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () => typeof window.PublicKeyCredential === "function";
