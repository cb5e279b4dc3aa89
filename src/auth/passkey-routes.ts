import { createRoute, z } from "@hono/zod-openapi";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { HttpError } from "../errors.ts";
import { requireSession, requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import { getAccount } from "../users/accounts.ts";
import {
  challengeResponse,
  passkeyIdBody,
  passkeySchema,
  registrationBody,
  renameBody,
} from "./passkey-schemas.ts";
import { deletePasskey, listPasskeys, renamePasskey } from "./passkey-store.ts";
import { finishPasskeyRegistration, startPasskeyRegistration } from "./passkeys.ts";
import { errorContent } from "./schemas.ts";
import { statusResponse } from "./two-factor-schemas.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Passkeys"];
const signedIn = [requireUser(), requireSession(), blockDemoAccount()];
const failures = {
  400: { description: "Invalid input, failed verification or passkeys off", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "API key or demo account", content: errorContent },
};
const NOT_FOUND = "Passkey not found.";

const registerOptions = createRoute({
  method: "post",
  path: "/api/auth/passkey/generate-register-options",
  tags,
  summary: "Options for navigator.credentials.create(), with a single-use challenge id",
  middleware: signedIn,
  responses: { 200: { description: "Options", content: json(challengeResponse) }, ...failures },
});

const verifyRegistration = createRoute({
  method: "post",
  path: "/api/auth/passkey/verify-registration",
  tags,
  summary: "Verify the authenticator's answer and store the passkey",
  middleware: signedIn,
  request: { body: { content: json(registrationBody), required: true } },
  responses: { 200: { description: "Stored", content: json(passkeySchema) }, ...failures },
});

const list = createRoute({
  method: "get",
  path: "/api/auth/passkey/list-user-passkeys",
  tags,
  summary: "The signed-in user's passkeys",
  middleware: signedIn,
  responses: {
    200: { description: "Passkeys", content: json(z.array(passkeySchema)) },
    ...failures,
  },
});

const rename = createRoute({
  method: "post",
  path: "/api/auth/passkey/update-passkey",
  tags,
  summary: "Rename a passkey",
  middleware: signedIn,
  request: { body: { content: json(renameBody), required: true } },
  responses: {
    200: { description: "Renamed", content: json(passkeySchema) },
    404: { description: "No such passkey", content: errorContent },
    ...failures,
  },
});

const remove = createRoute({
  method: "post",
  path: "/api/auth/passkey/delete-passkey",
  tags,
  summary: "Delete a passkey",
  middleware: signedIn,
  request: { body: { content: json(passkeyIdBody), required: true } },
  responses: {
    200: { description: "Deleted", content: json(statusResponse) },
    404: { description: "No such passkey", content: errorContent },
    ...failures,
  },
});

export const passkeyRoutes = createRouter()
  .openapi(registerOptions, async (c) => {
    const { db, config, auth } = c.var;
    const user = await getAccount(db, auth.actorId);
    return c.json(await startPasskeyRegistration(db, config, user), 200);
  })
  .openapi(verifyRegistration, async (c) => {
    const { db, config, auth } = c.var;
    const body = c.req.valid("json");
    const input = { ...body, response: body.response as RegistrationResponseJSON };
    return c.json(await finishPasskeyRegistration(db, config, auth.actorId, input), 200);
  })
  .openapi(list, async (c) => {
    const { db, auth } = c.var;
    return c.json(await db.withUser(auth.actorId, (tx) => listPasskeys(tx, auth.actorId)), 200);
  })
  .openapi(rename, async (c) => {
    const { db, auth } = c.var;
    const { id, name } = c.req.valid("json");
    const key = await db.withUser(auth.actorId, (tx) => renamePasskey(tx, auth.actorId, id, name));
    if (!key) throw new HttpError(404, NOT_FOUND);
    return c.json(key, 200);
  })
  .openapi(remove, async (c) => {
    const { db, auth } = c.var;
    const { id } = c.req.valid("json");
    const gone = await db.withUser(auth.actorId, (tx) => deletePasskey(tx, auth.actorId, id));
    if (!gone) throw new HttpError(404, NOT_FOUND);
    return c.json({ status: true }, 200);
  });
