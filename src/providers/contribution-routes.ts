import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import { requireAdmin, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { isUuid } from "../http/path-params.ts";
import {
  access,
  errorResponses,
  json,
  jsonBody,
  messageSchema,
  routeIn,
} from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  contributionsEnabled,
  setContributionsEnabled,
  type ContributionRow,
} from "./contribution-queries.ts";
import {
  changeDraft,
  confirmContribution,
  discardContribution,
  getContribution,
  previewContribution,
  publishContribution,
  requireEnabled,
} from "./contribution-service.ts";

const route = routeIn(["Open Food Facts contributions"]);
const PATH = "/api/foods/{foodId}/off-contribution";

// Owner only (a delegate never contributes another person's food), and only when an
// administrator enabled contributions for the server.
const enabled: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireEnabled(c.var);
  await next();
};
const ownerRead = [access("owner_only", false), enabled];
const ownerWrite = [access("owner_only", true), enabled];

const contributionSchema = z
  .object({
    id: z.string(),
    food_id: z.string(),
    state: z.enum(["draft", "previewed", "publishing", "published", "uncertain", "failed"]),
    photo: z.string(),
    photo_type: z.string(),
    language: z.string(),
    preview: z.record(z.string(), z.string()).nullable(),
    preview_expires_at: z.string().nullable(),
    confirmed_accuracy: z.boolean(),
    confirmed_photo_rights: z.boolean(),
    result_message: z.string().nullable(),
    published_at: z.string().nullable(),
  })
  .openapi("OffContribution");
const present = ({ created_at: _c, updated_at: _u, ...row }: ContributionRow) => ({
  ...row,
  preview_expires_at: row.preview_expires_at?.toISOString() ?? null,
  published_at: row.published_at?.toISOString() ?? null,
});
const foodParam = z.object({ foodId: z.string().openapi({ format: "uuid" }) });
const ok = (description: string) => ({
  200: json(contributionSchema, description),
  ...errorResponses,
  409: json(z.object({ error: z.string() }), "Not possible in the contribution's state"),
});

const draftBody = z.object({
  photo: z.string().max(500),
  photo_type: z.enum(["front", "ingredients", "nutrition", "packaging"]),
  language: z.string().regex(/^[a-z]{2}$/, { error: "must be a two-letter language code" }),
});

const getRoute = route({
  method: "get",
  path: PATH,
  summary: "The food's contribution",
  middleware: ownerRead,
  request: { params: foodParam },
  responses: ok("The contribution"),
});
const draftRoute = route({
  method: "put",
  path: PATH,
  summary: "Start or change the draft; a new photo, type or language clears the preview",
  middleware: ownerWrite,
  request: { params: foodParam, body: jsonBody(draftBody) },
  responses: ok("The draft"),
});
const previewRoute = route({
  method: "post",
  path: `${PATH}/preview`,
  summary: "Preview what will be sent (valid ten minutes)",
  middleware: ownerWrite,
  request: { params: foodParam },
  responses: ok("The preview"),
});
const confirmRoute = route({
  method: "put",
  path: `${PATH}/confirmations`,
  summary: "Confirm data accuracy and photo rights for the current preview",
  middleware: ownerWrite,
  request: {
    params: foodParam,
    body: jsonBody(z.object({ data_accuracy: z.boolean(), photo_rights: z.boolean() })),
  },
  responses: ok("Confirmations saved"),
});
const publishRoute = route({
  method: "post",
  path: `${PATH}/publish`,
  summary: "Publish once: published, uncertain or failed; never retried",
  middleware: ownerWrite,
  request: { params: foodParam },
  responses: ok("The outcome"),
});
const deleteRoute = route({
  method: "delete",
  path: PATH,
  summary: "Forget the contribution",
  middleware: ownerWrite,
  request: { params: foodParam },
  responses: { 200: json(messageSchema, "Forgotten"), ...errorResponses },
});

const settingsSchema = z.object({ enabled: z.boolean() }).openapi("OffContributionSettings");
const adminOnly = [requireUser(), requireAdmin(), blockDemoAccount()];
const getSettings = route({
  method: "get",
  path: "/api/admin/off-contributions",
  summary: "Whether contributions are enabled",
  middleware: adminOnly,
  responses: { 200: json(settingsSchema, "Settings"), ...errorResponses },
});
const putSettings = route({
  method: "put",
  path: "/api/admin/off-contributions",
  summary: "Enable or disable contributions to Open Food Facts for the server",
  middleware: adminOnly,
  request: { body: jsonBody(settingsSchema) },
  responses: { 200: json(settingsSchema, "Settings"), ...errorResponses },
});

function foodIdOf(id: string): string {
  if (!isUuid(id)) throw new HttpError(404, "Food not found.");
  return id;
}

export const contributionRoutes = createRouter()
  .openapi(getSettings, async (c) => c.json({ enabled: await contributionsEnabled(c.var.db) }, 200))
  .openapi(putSettings, async (c) => {
    await setContributionsEnabled(c.var.db, c.req.valid("json").enabled);
    return c.json({ enabled: await contributionsEnabled(c.var.db) }, 200);
  })
  .openapi(getRoute, async (c) =>
    c.json(present(await getContribution(c.var, foodIdOf(c.req.valid("param").foodId))), 200),
  )
  .openapi(draftRoute, async (c) => {
    const foodId = foodIdOf(c.req.valid("param").foodId);
    return c.json(present(await changeDraft(c.var, foodId, c.req.valid("json"))), 200);
  })
  .openapi(previewRoute, async (c) =>
    c.json(present(await previewContribution(c.var, foodIdOf(c.req.valid("param").foodId))), 200),
  )
  .openapi(confirmRoute, async (c) => {
    const foodId = foodIdOf(c.req.valid("param").foodId);
    return c.json(present(await confirmContribution(c.var, foodId, c.req.valid("json"))), 200);
  })
  .openapi(publishRoute, async (c) =>
    c.json(present(await publishContribution(c.var, foodIdOf(c.req.valid("param").foodId))), 200),
  )
  .openapi(deleteRoute, async (c) => {
    await discardContribution(c.var, foodIdOf(c.req.valid("param").foodId));
    return c.json({ message: "Contribution forgotten." }, 200);
  });
