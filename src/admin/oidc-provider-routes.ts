import { createRoute, z } from "@hono/zod-openapi";
import { errorContent } from "../auth/schemas.ts";
import { ENV_PROVIDER_KEY, oidcRedirectUri } from "../auth/oidc-providers.ts";
import {
  createOidcProvider,
  deleteOidcProvider,
  listOidcProviders,
  updateOidcProvider,
  type OidcProviderRecord,
} from "../auth/oidc-provider-store.ts";
import type { Config } from "../config.ts";
import { HttpError } from "../errors.ts";
import { requireAdmin, requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Admin"];
const adminOnly = [requireUser(), requireAdmin(), blockDemoAccount()];
const idParam = z.object({ id: z.string().uuid() });
const failures = {
  400: { description: "Invalid input", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "Not an administrator", content: errorContent },
  404: { description: "No such provider", content: errorContent },
  409: { description: "Slug taken", content: errorContent },
};

// Without defaults, so an update changes only what it sends.
const plain = {
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "slug: lowercase letters, digits and dashes")
    .refine((s) => s !== ENV_PROVIDER_KEY, `slug: "${ENV_PROVIDER_KEY}" is reserved`),
  display_name: z.string().trim().min(1).max(100),
  issuer_url: z
    .string()
    .max(2000)
    .regex(/^https?:\/\/[^/\s]+/, "issuer_url must be an http:// or https:// URL")
    .transform((v) => v.replace(/\/+$/, "")),
  client_id: z.string().min(1).max(500),
  client_secret: z.string().min(1).max(2000),
  scope: z.string().min(1).max(500),
  auto_register: z.boolean(),
  trust_email: z.boolean(),
  token_auth_method: z.enum(["client_secret_post", "client_secret_basic"]),
  id_token_signed_response_alg: z.string().min(1).max(20),
  userinfo_signed_response_alg: z.string().min(1).max(20),
  timeout_ms: z.number().int().min(100).max(120000),
  enabled: z.boolean(),
};
// The admin form's defaults (the spec's: 3500 ms timeout, unlike the environment's 30 s).
const fields = z.object({
  ...plain,
  scope: plain.scope.default("openid profile email"),
  auto_register: plain.auto_register.default(false),
  trust_email: plain.trust_email.default(false),
  token_auth_method: plain.token_auth_method.default("client_secret_post"),
  id_token_signed_response_alg: plain.id_token_signed_response_alg.default("RS256"),
  userinfo_signed_response_alg: plain.userinfo_signed_response_alg.default("none"),
  timeout_ms: plain.timeout_ms.default(3500),
  enabled: plain.enabled.default(true),
});
const changes = z.object(plain).partial();
const providerSchema = fields
  .omit({ client_secret: true })
  .extend({
    id: z.string().uuid(),
    redirect_uri: z.string().nullable().describe("Register this at the identity provider"),
    created_at: z.date(),
    updated_at: z.date(),
  })
  .openapi("OidcProvider");

const withRedirect = (config: Config, p: OidcProviderRecord) => ({
  ...p,
  redirect_uri: oidcRedirectUri(config),
});

const list = createRoute({
  method: "get",
  path: "/api/admin/oidc-providers",
  tags,
  summary: "Identity providers for single sign-on (secrets are never shown)",
  middleware: adminOnly,
  responses: {
    200: { description: "Providers", content: json(z.array(providerSchema)) },
    ...failures,
  },
});
const create = createRoute({
  method: "post",
  path: "/api/admin/oidc-providers",
  tags,
  summary: "Add an identity provider",
  middleware: adminOnly,
  request: { body: { content: json(fields), required: true } },
  responses: { 201: { description: "Created", content: json(providerSchema) }, ...failures },
});
const update = createRoute({
  method: "put",
  path: "/api/admin/oidc-providers/{id}",
  tags,
  summary: "Change an identity provider (the client secret only when sent)",
  middleware: adminOnly,
  request: { params: idParam, body: { content: json(changes), required: true } },
  responses: { 200: { description: "Updated", content: json(providerSchema) }, ...failures },
});
const remove = createRoute({
  method: "delete",
  path: "/api/admin/oidc-providers/{id}",
  tags,
  summary: "Remove an identity provider (its users keep their accounts)",
  middleware: adminOnly,
  request: { params: idParam },
  responses: { 204: { description: "Removed" }, ...failures },
});

export const oidcProviderAdminRoutes = createRouter()
  .openapi(list, async (c) => {
    const rows = await listOidcProviders(c.var.db);
    return c.json(
      rows.map((p) => withRedirect(c.var.config, p)),
      200,
    );
  })
  .openapi(create, async (c) => {
    const { db, config } = c.var;
    const created = await createOidcProvider(db, config.apiEncryptionKey, c.req.valid("json"));
    return c.json(withRedirect(config, created), 201);
  })
  .openapi(update, async (c) => {
    const { db, config } = c.var;
    const patch = c.req.valid("json");
    if (Object.keys(patch).length === 0) throw new HttpError(400, "Nothing to change.");
    const { id } = c.req.valid("param");
    const updated = await updateOidcProvider(db, config.apiEncryptionKey, id, patch);
    return c.json(withRedirect(config, updated), 200);
  })
  .openapi(remove, async (c) => {
    await deleteOidcProvider(c.var.db, c.req.valid("param").id);
    return c.body(null, 204);
  });
