import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { access, asCaller, errorResponses, json, jsonBody, routeIn } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  completeAuthorization,
  connectWithApiKey,
  disconnect,
  startAuthorization,
} from "./connect-service.ts";
import { upsertConnection, findConnection } from "./connection-queries.ts";
import { findConnectionView, listConnectionViews, providerName } from "./connection-view.ts";
import { requestSync } from "./job-queries.ts";
import {
  apiKeyBody,
  authorizeAnswer,
  authorizeQuery,
  callbackBody,
  connectionView,
  providerParam,
  settingsBody,
  syncAnswer,
  syncBody,
} from "./schemas.ts";
import { sealCredential } from "./token-seal.ts";

const route = routeIn(["Integrations"]);
// Credentials are never shared: connecting, settings and disconnecting are the owner's.
const owner = [access("owner_only", true), blockDemoAccount()];
// With share_external_providers a delegate may see and use the owner's non-private connections.
const use = [access("share_external_providers", false), blockDemoAccount()];
const base = "/api/integrations/{provider}";
const answer = json(connectionView, "The connection");

const list = route({
  method: "get",
  path: "/api/integrations",
  summary: "Every fitness service with the caller's connection status",
  middleware: use,
  responses: { 200: json(z.array(connectionView), "Services"), ...errorResponses },
});
const status = route({
  method: "get",
  path: `${base}/status`,
  summary: "A service's connection: status, last sync, last error, next run",
  middleware: use,
  request: { params: providerParam },
  responses: { 200: answer, ...errorResponses },
});
const settings = route({
  method: "put",
  path: `${base}/settings`,
  summary: "The user's own OAuth app (secret stored sealed), sync frequency and privacy",
  middleware: owner,
  request: { params: providerParam, body: jsonBody(settingsBody) },
  responses: { 200: answer, ...errorResponses },
});
const authorize = route({
  method: "get",
  path: `${base}/authorize`,
  summary: "Starts OAuth: the URL to send the browser to, with a one-time state",
  middleware: owner,
  request: { params: providerParam, query: authorizeQuery },
  responses: { 200: json(authorizeAnswer, "Authorize URL"), ...errorResponses },
});
const callback = route({
  method: "post",
  path: `${base}/callback`,
  summary: "Completes OAuth with the code and state the service sent back; queues a first sync",
  middleware: owner,
  request: { params: providerParam, body: jsonBody(callbackBody) },
  responses: {
    200: answer,
    ...errorResponses,
    502: json(z.object({ error: z.string() }), "The service refused"),
  },
});
const connect = route({
  method: "post",
  path: `${base}/connect`,
  summary: "Connects a service that uses a personal API key (Hevy); queues a first sync",
  middleware: owner,
  request: { params: providerParam, body: jsonBody(apiKeyBody) },
  responses: { 200: answer, ...errorResponses },
});
const sync = route({
  method: "post",
  path: `${base}/sync`,
  summary: "Sync now: queues the connection's sync (optionally for a day range) at once",
  middleware: use,
  request: {
    params: providerParam,
    body: { content: { "application/json": { schema: syncBody } } },
  },
  responses: { 202: json(syncAnswer, "Queued"), ...errorResponses },
});
const disconnectRoute = route({
  method: "post",
  path: `${base}/disconnect`,
  summary: "Revokes the grant where the service allows it and forgets the tokens; data stays",
  middleware: owner,
  request: { params: providerParam },
  responses: { 200: answer, ...errorResponses },
});

/** Where the service sends the browser back: the web client's callback screen by default. */
function defaultRedirect(c: Context<AppEnv>, provider: string): string {
  const origin = c.var.config.publicUrl ?? new URL(c.req.url).origin;
  return `${origin}/integrations/${provider}/callback`;
}

export const providerSyncRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await asCaller(c, (tx, userId) => listConnectionViews(tx, c.var.config, userId)), 200),
  )
  .openapi(status, async (c) => {
    const { provider } = c.req.valid("param");
    const view = await asCaller(c, (tx, userId) =>
      findConnectionView(tx, c.var.config, userId, provider),
    );
    return c.json(view, 200);
  })
  .openapi(settings, async (c) => {
    const { provider } = c.req.valid("param");
    const body = c.req.valid("json");
    const view = await asCaller(c, async (tx, userId) => {
      await upsertConnection(tx, userId, provider, {
        client_id: body.client_id,
        client_secret_sealed:
          body.client_secret === undefined
            ? undefined
            : sealCredential(c.var.config, body.client_secret),
        sync_frequency: body.sync_frequency,
        is_private: body.is_private,
      });
      return findConnectionView(tx, c.var.config, userId, provider);
    });
    return c.json(view, 200);
  })
  .openapi(authorize, async (c) => {
    const { provider } = c.req.valid("param");
    const redirect = c.req.valid("query").redirect_uri ?? defaultRedirect(c, provider);
    const started = await asCaller(c, (tx, userId) =>
      startAuthorization(tx, c.var, userId, provider, redirect),
    );
    return c.json(started, 200);
  })
  .openapi(callback, async (c) => {
    const { provider } = c.req.valid("param");
    const { code, state } = c.req.valid("json");
    const view = await asCaller(c, async (tx, userId) => {
      await completeAuthorization(tx, c.var, userId, provider, code, state);
      return findConnectionView(tx, c.var.config, userId, provider);
    });
    return c.json(view, 200);
  })
  .openapi(connect, async (c) => {
    const { provider } = c.req.valid("param");
    const { api_key } = c.req.valid("json");
    const view = await asCaller(c, async (tx, userId) => {
      await connectWithApiKey(tx, c.var, userId, provider, api_key);
      return findConnectionView(tx, c.var.config, userId, provider);
    });
    return c.json(view, 200);
  })
  .openapi(sync, async (c) => {
    const { provider } = c.req.valid("param");
    const range = c.req.valid("json") ?? {};
    const view = await asCaller(c, async (tx, userId) => {
      const connection = await findConnection(tx, userId, provider);
      if (connection?.status !== "connected")
        throw new HttpError(404, `${providerName(provider)} is not connected.`);
      // The job runs as the owner whoever asked: the records are the owner's.
      await requestSync(tx, connection.id, {
        start: range.startDate ?? null,
        end: range.endDate ?? null,
      });
      return findConnectionView(tx, c.var.config, userId, provider);
    });
    return c.json({ message: "Sync queued.", connection: view }, 202);
  })
  .openapi(disconnectRoute, async (c) => {
    const { provider } = c.req.valid("param");
    const view = await asCaller(c, async (tx, userId) => {
      await disconnect(tx, c.var, userId, provider);
      return findConnectionView(tx, c.var.config, userId, provider);
    });
    return c.json(view, 200);
  });
