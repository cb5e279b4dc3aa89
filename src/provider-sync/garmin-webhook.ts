import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, json, jsonBody } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";

// Garmin's ping (or push) notifications: each summary type lists the Garmin users with new
// uploads ({ userId, callbackURL } in ping mode, the summaries themselves in push mode);
// "deregistrations" the users who withdrew access. Garmin signs nothing: a notification
// only ever queues a sync of the connection of a Garmin user id we already know (which
// pulls from Garmin's API, never from a URL the notification gives) or forgets the tokens
// of a user who disconnected; an unknown id changes nothing.
const entry = z.object({ userId: z.string().min(1).max(200) }).passthrough();
const notification = z.record(z.string(), z.array(entry).max(1000));

const route = createRoute({
  method: "post",
  path: "/api/integrations/garmin/notifications",
  tags: ["Integrations"],
  summary: "Garmin's ping/push webhook: queues a sync for each known Garmin user named",
  security: [],
  request: { body: jsonBody(notification) },
  responses: {
    200: json(z.object({ queued: z.number().int(), disconnected: z.number().int() }), "Handled"),
    400: errorResponses[400],
  },
});

export const garminWebhookRoutes = createRouter().openapi(route, async (c) => {
  const body = c.req.valid("json");
  const { deregistrations = [], ...uploads } = body;
  const uploaded = new Set(Object.values(uploads).flatMap((list) => list.map((e) => e.userId)));
  const gone = new Set(deregistrations.map((e) => e.userId));
  const counts = await c.var.db.withAnonymous(async (tx) => {
    let queued = 0;
    let disconnected = 0;
    for (const account of gone) {
      const [row] = await tx<{ n: number }[]>`
        select app_forget_provider_account('garmin', ${account}) as n`;
      disconnected += row!.n;
    }
    for (const account of uploaded) {
      if (gone.has(account)) continue;
      const [row] = await tx<{ n: number }[]>`
        select app_request_provider_sync_for_account('garmin', ${account}) as n`;
      queued += row!.n;
    }
    return { queued, disconnected };
  });
  return c.json(counts, 200);
});
