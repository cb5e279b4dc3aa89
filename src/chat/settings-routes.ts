import { createRoute, z } from "@hono/zod-openapi";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { AuthInfo } from "../http/context.ts";
import { requireAdmin, requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { access } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  serverChatSettingsSchema,
  serverChatSettingsView,
  userChatSettingsSchema,
} from "./schemas.ts";
import {
  deleteUserChatSettings,
  findUserChatSettings,
  getServerChatSettings,
  saveUserChatSettings,
  updateServerChatSettings,
} from "./settings.ts";

const tags = ["AI assistant"];
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const error = json(z.object({ error: z.string() }), "Refused");
const own = (write: boolean) => [access("owner_only", write), blockDemoAccount()];
const adminOnly = [requireUser(), requireAdmin(), blockDemoAccount()];

const userView = z
  .object({
    allow_user_settings: z.boolean(),
    own: z
      .object({
        provider: z.string(),
        base_url: z.string().nullable(),
        model: z.string(),
        has_api_key: z.boolean(),
      })
      .nullable(),
    server_model: z.string().nullable(),
  })
  .openapi("UserChatSettings");

const getOwn = createRoute({
  method: "get",
  path: "/api/chat/settings",
  tags,
  summary: "The user's own model (when the administrator allows one) and the server's model",
  middleware: own(false),
  responses: { 200: json(userView, "Settings") },
});
const putOwn = createRoute({
  method: "put",
  path: "/api/chat/settings",
  tags,
  summary: "Sets the user's own model; its API key is stored encrypted and never shown again",
  middleware: own(true),
  request: { body: { content: { "application/json": { schema: userChatSettingsSchema } } } },
  responses: { 200: json(userView, "Settings"), 400: error, 403: error },
});
const deleteOwn = createRoute({
  method: "delete",
  path: "/api/chat/settings",
  tags,
  summary: "Removes the user's own model: chats use the server's again",
  middleware: own(true),
  responses: { 200: json(userView, "Settings") },
});
const getServer = createRoute({
  method: "get",
  path: "/api/admin/chat/settings",
  tags,
  summary: "The server's model for everyone and the assistant's limits",
  middleware: adminOnly,
  responses: { 200: json(serverChatSettingsView, "Settings"), 403: error },
});
const putServer = createRoute({
  method: "put",
  path: "/api/admin/chat/settings",
  tags,
  summary: "Changes the server's model and limits; api_key null removes the stored key",
  middleware: adminOnly,
  request: { body: { content: { "application/json": { schema: serverChatSettingsSchema } } } },
  responses: { 200: json(serverChatSettingsView, "Settings"), 400: error, 403: error },
});

/** The user's and the administrator's model settings. */
export const chatSettingsRoutes = createRouter()
  .openapi(getOwn, async (c) => c.json(await readUserView(c.var), 200))
  .openapi(putOwn, async (c) => {
    const { db, auth, config } = c.var;
    if (!(await getServerChatSettings(db)).allow_user_settings)
      throw new HttpError(403, "The administrator does not allow personal model settings.");
    const input = c.req.valid("json");
    if (input.provider === "openai-compatible" && !input.base_url)
      throw new HttpError(400, "base_url is required for an OpenAI-compatible model.");
    await db.withUser(auth.actorId, (tx) =>
      saveUserChatSettings(tx, auth.actorId, config.apiEncryptionKey, input),
    );
    return c.json(await readUserView(c.var), 200);
  })
  .openapi(deleteOwn, async (c) => {
    const { db, auth } = c.var;
    await db.withUser(auth.actorId, (tx) => deleteUserChatSettings(tx, auth.actorId));
    return c.json(await readUserView(c.var), 200);
  })
  .openapi(getServer, async (c) => c.json(await getServerChatSettings(c.var.db), 200))
  .openapi(putServer, async (c) => {
    const { db, config } = c.var;
    const settings = await updateServerChatSettings(
      db,
      config.apiEncryptionKey,
      c.req.valid("json"),
    );
    return c.json(settings, 200);
  });

async function readUserView(vars: {
  db: Parameters<typeof getServerChatSettings>[0];
  auth: { actorId: string };
}) {
  const server = await getServerChatSettings(vars.db);
  const row = await vars.db.withUser(vars.auth.actorId, (tx) =>
    findUserChatSettings(tx, vars.auth.actorId),
  );
  return {
    allow_user_settings: server.allow_user_settings,
    own: row
      ? {
          provider: row.provider,
          base_url: row.base_url,
          model: row.model,
          has_api_key: row.api_key_sealed !== null,
        }
      : null,
    server_model: server.model,
  };
}
