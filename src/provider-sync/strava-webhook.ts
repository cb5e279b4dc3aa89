import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, json, jsonBody } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";

// Strava's webhook events (https://developers.strava.com/docs/webhooks/). Strava signs
// nothing, so an event is never trusted alone: it queues a sync of the connection of that
// athlete, and an activity's delete event is noted, to be confirmed by that sync (the
// activity answering 404 to the owner's token) before our copy is removed. A revoked
// grant ("authorized": "false") shows itself the same way: the sync's token is refused.
const path = "/api/integrations/strava/webhook";

const validation = createRoute({
  method: "get",
  path,
  tags: ["Integrations"],
  summary: "Strava's subscription check: echoes hub.challenge",
  security: [],
  request: {
    query: z.object({
      "hub.mode": z.literal("subscribe"),
      "hub.challenge": z.string().min(1).max(200),
      "hub.verify_token": z.string().max(200).optional(),
    }),
  },
  responses: {
    200: json(z.object({ "hub.challenge": z.string() }), "The challenge"),
    400: errorResponses[400],
  },
});

const event = z.object({
  object_type: z.enum(["activity", "athlete"]),
  object_id: z.number().int(),
  aspect_type: z.enum(["create", "update", "delete"]),
  owner_id: z.number().int(),
  subscription_id: z.number().int().optional(),
  event_time: z.number().int().optional(),
  updates: z.record(z.string(), z.unknown()).optional(),
});

const notification = createRoute({
  method: "post",
  path,
  tags: ["Integrations"],
  summary: "Strava's webhook events: queue a sync of the athlete's connection",
  security: [],
  request: { body: jsonBody(event) },
  responses: {
    200: json(z.object({ queued: z.number().int() }), "Handled"),
    400: errorResponses[400],
  },
});

export const stravaWebhookRoutes = createRouter()
  .openapi(validation, (c) =>
    c.json({ "hub.challenge": c.req.valid("query")["hub.challenge"] }, 200),
  )
  .openapi(notification, async (c) => {
    const e = c.req.valid("json");
    const athlete = String(e.owner_id);
    const queued = await c.var.db.withAnonymous(async (tx) => {
      const [row] =
        e.object_type === "activity" && e.aspect_type === "delete"
          ? await tx<{ n: number }[]>`
              select app_note_provider_deletion('strava', ${athlete}, ${String(e.object_id)}) as n`
          : await tx<{ n: number }[]>`
              select app_request_provider_sync_for_account('strava', ${athlete}) as n`;
      return row!.n;
    });
    return c.json({ queued }, 200);
  });
