import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { requireUser } from "../http/auth.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { isUuid } from "../http/path-params.ts";
import {
  access,
  asCaller,
  errorResponses,
  idParam,
  json,
  jsonBody,
  messageSchema,
  routeIn,
} from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  externalProviderSchema,
  providerInputSchema,
  providerTypeSchema,
  providerUpdateSchema,
} from "./config-schemas.ts";
import { changeProvider, createProvider, listProviders } from "./config-service.ts";
import { deleteProviderRow } from "./queries.ts";
import { listProviderDefinitions } from "./registry.ts";

const route = routeIn(["Food providers"]);
const NOT_FOUND = "Food provider not found.";
// Configuring providers is the owner's alone and, like other integrations, closed to the
// demo account; using them (searching) is what share_external_providers gives a delegate.
const configure = [access("owner_only", true), blockDemoAccount()];

const listRoute = route({
  method: "get",
  path: "/api/external-providers",
  summary: "The food providers the caller may use, in order (credentials never shown)",
  middleware: access("share_external_providers", false),
  responses: {
    200: json(z.array(externalProviderSchema), "Providers"),
    ...errorResponses,
  },
});

const typesRoute = route({
  method: "get",
  path: "/api/external-providers/types",
  summary: "Every provider type this server supports and what each needs",
  middleware: requireUser(["data_read"]),
  responses: { 200: json(z.array(providerTypeSchema), "Provider types"), ...errorResponses },
});

const createRouteDef = route({
  method: "post",
  path: "/api/external-providers",
  summary: "Add a food provider (credentials are encrypted at rest)",
  middleware: configure,
  request: { body: jsonBody(providerInputSchema) },
  responses: { 201: json(externalProviderSchema, "Created"), ...errorResponses },
});

const updateRoute = route({
  method: "put",
  path: "/api/external-providers/{id}",
  summary: "Change a food provider; app_id or app_key left out are kept, null clears them",
  middleware: configure,
  request: { params: idParam, body: jsonBody(providerUpdateSchema) },
  responses: { 200: json(externalProviderSchema, "Updated"), ...errorResponses },
});

const deleteRoute = route({
  method: "delete",
  path: "/api/external-providers/{id}",
  summary: "Remove a food provider",
  middleware: configure,
  request: { params: idParam },
  responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
});

export const providerConfigRoutes = createRouter()
  .openapi(typesRoute, (c) =>
    c.json(
      listProviderDefinitions().map((d) => ({
        provider_type: d.type,
        display_name: d.label,
        categories: d.categories,
        supports_barcode: d.supportsBarcode,
        images: d.images,
        needs_app_id: d.needs.appId,
        needs_app_key: d.needs.appKey,
        needs_base_url: d.defaultBaseUrl === null,
        default_base_url: d.defaultBaseUrl,
      })),
      200,
    ),
  )
  .openapi(listRoute, async (c) => c.json(await listProviders(c.var), 200))
  .openapi(createRouteDef, async (c) =>
    c.json(await createProvider(c.var, c.req.valid("json")), 201),
  )
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const saved = isUuid(id) ? await changeProvider(c.var, id, c.req.valid("json")) : null;
    if (!saved) throw new HttpError(404, NOT_FOUND);
    return c.json(saved, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const deleted =
      isUuid(id) && (await asCaller(c, (tx, userId) => deleteProviderRow(tx, userId, id)));
    if (!deleted) throw new HttpError(404, NOT_FOUND);
    return c.json({ message: "Food provider deleted." }, 200);
  });
