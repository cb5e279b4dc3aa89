import { createRoute, z } from "@hono/zod-openapi";
import { API_KEY_PERMISSIONS } from "../credentials/api-keys.ts";
import { errorContent } from "../auth/schemas.ts";
import { requireSession, requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { access } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import { changePassword, getAccount } from "./accounts.ts";
import { getProfile, updateProfile } from "./profiles.ts";
import { identitySchema, passwordChange, profileSchema, profileUpdate } from "./schemas.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Identity"];
const unauthorized = { 401: { description: "Not signed in", content: errorContent } };

const getUser = createRoute({
  method: "get",
  path: "/api/identity/user",
  tags,
  summary: "The signed-in user and whose data is active (also a connection check for apps)",
  // Any key: it only names the key's owner, and apps check their connection with it.
  middleware: [requireUser(API_KEY_PERMISSIONS)] as const,
  responses: { 200: { description: "Account", content: json(identitySchema) }, ...unauthorized },
});

const readProfile = createRoute({
  method: "get",
  path: "/api/identity/profiles",
  tags,
  summary: "Profile of the user whose data is in view",
  middleware: [access("profile", false)] as const,
  responses: { 200: { description: "Profile", content: json(profileSchema) }, ...unauthorized },
});

const writeProfile = createRoute({
  method: "put",
  path: "/api/identity/profiles",
  tags,
  summary: "Change your own profile (fields left out stay as they are; null clears)",
  // The owner alone changes a profile, even while a family member views it.
  middleware: [access("owner_only", true), blockDemoAccount()] as const,
  request: { body: { content: json(profileUpdate), required: true } },
  responses: {
    200: { description: "Updated profile", content: json(profileSchema) },
    400: { description: "Invalid input", content: errorContent },
    403: { description: "Not your profile, or the demo account", content: errorContent },
    ...unauthorized,
  },
});

const updatePassword = createRoute({
  method: "post",
  path: "/api/identity/update-password",
  tags,
  summary: "Change your password; every other session is signed out",
  middleware: [requireUser(), requireSession(), blockDemoAccount()] as const,
  request: { body: { content: json(passwordChange), required: true } },
  responses: {
    200: { description: "Changed", content: json(z.object({ message: z.string() })) },
    400: { description: "Wrong current password or too short", content: errorContent },
    403: { description: "API key or demo account", content: errorContent },
    ...unauthorized,
  },
});

export const identityRoutes = createRouter()
  .openapi(getUser, async (c) => {
    const { db, auth } = c.var;
    return c.json({ ...(await getAccount(db, auth.actorId)), activeUserId: auth.userId }, 200);
  })
  .openapi(readProfile, async (c) => {
    const { db, auth } = c.var;
    return c.json(await getProfile(db, auth.userId, auth.actorId), 200);
  })
  .openapi(writeProfile, async (c) => {
    const { db, auth } = c.var;
    return c.json(await updateProfile(db, auth.userId, c.req.valid("json")), 200);
  })
  .openapi(updatePassword, async (c) => {
    const { db, auth } = c.var;
    await changePassword(db, auth.actorId, auth.sessionId!, c.req.valid("json"));
    return c.json({ message: "Password updated. Other sessions have been signed out." }, 200);
  });
