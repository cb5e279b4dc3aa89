import { z } from "@hono/zod-openapi";

// The browser's PublicKeyCredential JSON (navigator.credentials.*().toJSON()); its inner
// fields are checked by @simplewebauthn/server, not here.
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string() }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const registrationBody = z.object({
  challengeId: z.string().max(64),
  response: credentialJson.extend({
    response: z.looseObject({ clientDataJSON: z.string(), attestationObject: z.string() }),
  }),
  name: z.string().max(100).optional(),
});

export const authenticationBody = z.object({
  challengeId: z.string().max(64),
  response: credentialJson.extend({
    response: z.looseObject({
      clientDataJSON: z.string(),
      authenticatorData: z.string(),
      signature: z.string(),
      userHandle: z.string().optional(),
    }),
  }),
});

export const challengeResponse = z.object({
  challengeId: z.string().uuid(),
  options: z
    .record(z.string(), z.unknown())
    .openapi({ description: "PublicKeyCredential options JSON for navigator.credentials" }),
});

export const passkeySchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    credential_id: z.string(),
    device_type: z.string(),
    backed_up: z.boolean(),
    transports: z.array(z.string()),
    aaguid: z.string().nullable(),
    last_used_at: z.date().nullable(),
    created_at: z.date(),
  })
  .openapi("Passkey");

export const passkeyIdBody = z.object({ id: z.string().uuid() });
export const renameBody = passkeyIdBody.extend({ name: z.string().trim().min(1).max(100) });
