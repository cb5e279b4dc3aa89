import { createRoute, z } from "@hono/zod-openapi";
import { errorContent } from "../auth/schemas.ts";
import { HttpError } from "../errors.ts";
import { requireSession, requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import {
  API_KEY_PERMISSIONS,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from "../credentials/api-keys.ts";
import { createdKey, createKeyBody, keyIdParam, listedKey } from "./schemas.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["API keys"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const denied = {
  401: { description: "Not signed in", content: errorContent },
  403: { description: "API key or demo account", content: errorContent },
};

// Keys belong to the account that acts (auth.actorId), never to a family member whose
// data is in view: keys are not shared with delegates.
const generate = createRoute({
  method: "post",
  path: "/api/identity/user/generate-api-key",
  tags,
  summary: "Create an API key (the key is returned only here)",
  middleware: [requireUser(), requireSession(), blockDemoAccount()] as const,
  request: { body: { content: json(createKeyBody), required: true } },
  responses: {
    201: { description: "Created", content: json(createdKey) },
    400: { description: "Invalid input", content: errorContent },
    ...denied,
  },
});

const list = createRoute({
  method: "get",
  path: "/api/identity/user-api-keys",
  tags,
  summary: "Your API keys (prefix only, never the key)",
  middleware: [requireUser()] as const,
  responses: { 200: { description: "Keys", content: json(z.array(listedKey)) }, ...denied },
});

const revoke = createRoute({
  method: "delete",
  path: "/api/identity/user/api-key/{id}",
  tags,
  summary: "Revoke one of your API keys",
  middleware: [requireUser(), requireSession(), blockDemoAccount()] as const,
  request: { params: keyIdParam },
  responses: {
    200: { description: "Revoked", content: json(z.object({ message: z.string() })) },
    404: { description: "No such key of yours", content: errorContent },
    ...denied,
  },
});

export const apiKeyRoutes = createRouter()
  .openapi(generate, async (c) => {
    const { db, config, auth } = c.var;
    const body = c.req.valid("json");
    const { key, row } = await createApiKey(db, config.apiEncryptionKey, auth.actorId, {
      name: body.name,
      permissions: [...new Set(body.permissions ?? API_KEY_PERMISSIONS)],
      expiresAt: body.expiresIn ? new Date(Date.now() + body.expiresIn * 1000) : null,
    });
    const { id, name, permissions, expires_at: expiresAt, created_at: createdAt } = row;
    return c.json({ apiKey: { id, key, name, permissions, expiresAt, createdAt } }, 201);
  })
  .openapi(list, async (c) => {
    const rows = await listApiKeys(c.var.db, c.var.auth.actorId);
    return c.json(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        prefix: r.key_prefix,
        permissions: r.permissions,
        expiresAt: r.expires_at,
        lastUsedAt: r.last_used_at,
        createdAt: r.created_at,
      })),
      200,
    );
  })
  .openapi(revoke, async (c) => {
    const { id } = c.req.valid("param");
    const revoked = UUID.test(id) && (await revokeApiKey(c.var.db, c.var.auth.actorId, id));
    if (!revoked) throw new HttpError(404, "API key not found.");
    return c.json({ message: "API key revoked." }, 200);
  });
