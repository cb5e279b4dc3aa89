import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { HttpError } from "../errors.ts";
import { requireSession, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import { getAccount } from "../users/accounts.ts";
import { putChallenge, takeChallenge } from "./challenges.ts";
import {
  authenticationBody,
  challengeResponse,
  passkeySchema,
  registrationBody,
} from "./passkey-schemas.ts";
import {
  finishPasskeyRegistration,
  finishPasskeySignIn,
  relyingParty,
  startPasskeyRegistration,
  startPasskeySignIn,
} from "./passkeys.ts";
import { errorContent, sessionResponse } from "./schemas.ts";
import { startSessionFor } from "./sign-in.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Passkeys"];
const TICKET_SECONDS = 10 * 60;
const failures = {
  400: { description: "Invalid input, or passkeys are off", content: errorContent },
  401: { description: "Verification failed, or the challenge expired", content: errorContent },
  403: { description: "Account disabled", content: errorContent },
};
const options = { 200: { description: "Options", content: json(challengeResponse) }, ...failures };
const signedIn = {
  200: { description: "Signed in (session cookie set)", content: json(sessionResponse) },
  ...failures,
};

const authenticateOptions = createRoute({
  method: "post",
  path: "/api/auth/passkey/generate-authenticate-options",
  tags,
  summary: "Options for navigator.credentials.get(), with a single-use challenge id",
  responses: options,
});
const verifyAuthentication = createRoute({
  method: "post",
  path: "/api/auth/passkey/verify-authentication",
  tags,
  summary: "Sign in with a passkey (no password; the passkey is the whole proof)",
  request: { body: { content: json(authenticationBody), required: true } },
  responses: signedIn,
});
const appSignInOptions = createRoute({
  method: "get",
  path: "/api/auth/web-login/passkey",
  tags,
  summary: "Phone app: passkey sign-in options",
  responses: options,
});
const appSignIn = createRoute({
  method: "post",
  path: "/api/auth/web-login/passkey",
  tags,
  summary: "Phone app: passkey sign-in, answering {token, user}",
  request: { body: { content: json(authenticationBody), required: true } },
  responses: signedIn,
});
const registerTicket = createRoute({
  method: "post",
  path: "/api/auth/web-login/register-ticket",
  tags,
  summary: "Phone app: a single-use ticket to register a passkey outside the app's session",
  middleware: [requireUser(), requireSession(), blockDemoAccount()],
  responses: {
    200: {
      description: "Ticket",
      content: json(z.object({ ticket: z.string().uuid(), expiresIn: z.number() })),
    },
    ...failures,
  },
});
const ticketOptions = createRoute({
  method: "get",
  path: "/api/auth/web-login/register-passkey",
  tags,
  summary: "Phone app: registration options for a ticket (the ticket is used up)",
  request: { query: z.object({ ticket: z.string().max(64) }) },
  responses: options,
});
const ticketRegister = createRoute({
  method: "post",
  path: "/api/auth/web-login/register-passkey",
  tags,
  summary: "Phone app: store the passkey registered with a ticket's challenge",
  request: { body: { content: json(registrationBody), required: true } },
  responses: { 200: { description: "Stored", content: json(passkeySchema) }, ...failures },
});

async function signIn(c: Context<AppEnv>, body: z.infer<typeof authenticationBody>) {
  const { db, config } = c.var;
  const response = body.response as AuthenticationResponseJSON;
  const userId = await finishPasskeySignIn(db, config, { ...body, response });
  return startSessionFor(c, userId);
}

export const passkeySignInRoutes = createRouter()
  .openapi(authenticateOptions, async (c) =>
    c.json(await startPasskeySignIn(c.var.db, c.var.config), 200),
  )
  .openapi(verifyAuthentication, async (c) => c.json(await signIn(c, c.req.valid("json")), 200))
  .openapi(appSignInOptions, async (c) =>
    c.json(await startPasskeySignIn(c.var.db, c.var.config), 200),
  )
  .openapi(appSignIn, async (c) => c.json(await signIn(c, c.req.valid("json")), 200))
  .openapi(registerTicket, async (c) => {
    const { db, config, auth } = c.var;
    relyingParty(config);
    const ticket = await putChallenge(db, "passkey-ticket", auth.actorId, {}, TICKET_SECONDS);
    return c.json({ ticket, expiresIn: TICKET_SECONDS }, 200);
  })
  .openapi(ticketOptions, async (c) => {
    const { db, config } = c.var;
    const taken = await takeChallenge(db, c.req.valid("query").ticket, "passkey-ticket");
    if (!taken?.userId) throw new HttpError(401, "The registration ticket is invalid or expired.");
    const user = await getAccount(db, taken.userId);
    return c.json(await startPasskeyRegistration(db, config, user), 200);
  })
  .openapi(ticketRegister, async (c) => {
    const { db, config } = c.var;
    const body = c.req.valid("json");
    const input = { ...body, response: body.response as RegistrationResponseJSON };
    return c.json(await finishPasskeyRegistration(db, config, null, input), 200);
  });
