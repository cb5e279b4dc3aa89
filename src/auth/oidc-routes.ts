import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../http/router.ts";
import { finishOidcSignIn, startOidcSignIn } from "./oidc-sign-in.ts";
import { errorContent } from "./schemas.ts";
import { startSessionFor } from "./sign-in.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Single sign-on"];
// Only a path on this server: any other address would make the sign-in an open redirect.
const callbackURL = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/, "callbackURL must be a path on this server")
  .default("/");
const start = z.object({ providerId: z.string().min(1).max(63), callbackURL });
const failures = {
  400: { description: "Invalid input, or SSO is not set up", content: errorContent },
  404: { description: "Unknown provider", content: errorContent },
  502: { description: "The identity provider cannot be reached", content: errorContent },
};

const signInSso = createRoute({
  method: "post",
  path: "/api/auth/sign-in/sso",
  tags,
  summary: "Start single sign-on: the provider's authorization URL to send the browser to",
  request: { body: { content: json(start), required: true } },
  responses: {
    200: {
      description: "Authorization URL",
      content: json(z.object({ url: z.string(), redirect: z.boolean() })),
    },
    ...failures,
  },
});

const signInSsoLink = createRoute({
  method: "get",
  path: "/api/auth/sign-in/sso",
  tags,
  summary: "Start single sign-on from a plain link (redirects to the provider)",
  request: { query: start },
  responses: { 302: { description: "To the identity provider" }, ...failures },
});

const callback = createRoute({
  method: "get",
  path: "/api/auth/oidc-callback",
  tags,
  summary: "The provider's redirect back: signs in and redirects to the callbackURL",
  request: {
    query: z.object({
      state: z.string().max(200).optional(),
      code: z.string().max(4000).optional(),
      error: z.string().max(200).optional(),
    }),
  },
  responses: {
    302: { description: "Signed in (session cookie set)" },
    400: { description: "Wrong or expired state", content: errorContent },
    401: { description: "The provider's answer did not verify", content: errorContent },
    403: { description: "No linked account and registration off", content: errorContent },
    409: {
      description: "Email belongs to an account this provider may not link",
      content: errorContent,
    },
  },
});

export const oidcRoutes = createRouter()
  .openapi(signInSso, async (c) => {
    const { providerId, callbackURL } = c.req.valid("json");
    return c.json({ url: await startOidcSignIn(c, providerId, callbackURL), redirect: true }, 200);
  })
  .openapi(signInSsoLink, async (c) => {
    const { providerId, callbackURL } = c.req.valid("query");
    return c.redirect(await startOidcSignIn(c, providerId, callbackURL), 302);
  })
  .openapi(callback, async (c) => {
    const { userId, callbackPath } = await finishOidcSignIn(c);
    await startSessionFor(c, userId);
    return c.redirect(callbackPath, 302);
  });
