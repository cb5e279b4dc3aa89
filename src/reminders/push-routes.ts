import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
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
import { checkUrl, FetchRefusedError } from "../lib/ssrf-fetch.ts";
import { languageOf, sayIn } from "./messages/say.ts";
import { pushToDevices } from "./push-devices.ts";
import {
  device,
  endpointBody,
  publicKeyAnswer,
  subscriptionBody,
  testAnswer,
} from "./push-schemas.ts";
import {
  deleteSubscription,
  listSubscriptions,
  MAX_SUBSCRIPTIONS,
  saveSubscription,
  type SubscriptionRow,
} from "./subscription-queries.ts";

const PATH = "/api/push/subscriptions";
const route = routeIn(["Reminders"]);
// A person's browsers are theirs alone: a family member acting for them neither sees nor
// adds one (reminders never go out on someone else's behalf), and no API key manages them.
const own = (write: boolean) => access("owner_only", write, []);

const publicKey = route({
  method: "get",
  path: "/api/push/public-key",
  summary: "The server's VAPID public key, for pushManager.subscribe",
  middleware: own(false),
  responses: { 200: json(publicKeyAnswer, "The key, base64url"), ...errorResponses },
});

const list = route({
  method: "get",
  path: PATH,
  summary: "Your subscribed browsers",
  middleware: own(false),
  responses: { 200: json(z.array(device), "The browsers"), ...errorResponses },
});

const subscribe = route({
  method: "post",
  path: PATH,
  summary: "Subscribe this browser (its PushSubscription JSON) to reminders",
  middleware: own(true),
  request: { body: jsonBody(subscriptionBody) },
  responses: { 201: json(device, "Subscribed (or its keys renewed)"), ...errorResponses },
});

const unsubscribe = route({
  method: "delete",
  path: PATH,
  summary: "Unsubscribe the browser with this endpoint",
  middleware: own(true),
  request: { body: jsonBody(endpointBody) },
  responses: { 200: json(messageSchema, "Unsubscribed"), ...errorResponses },
});

const remove = route({
  method: "delete",
  path: `${PATH}/{id}`,
  summary: "Remove one of your subscribed browsers",
  middleware: own(true),
  request: { params: idParam },
  responses: { 200: json(messageSchema, "Removed"), ...errorResponses },
});

const sendTest = route({
  method: "post",
  path: "/api/push/test",
  summary: "Send a test notification to each of your subscribed browsers now",
  middleware: own(true),
  responses: { 200: json(testAnswer, "What the push services answered"), ...errorResponses },
});

/**
 * Refuses, with a 400, an endpoint the SSRF guard would refuse at every send (it checks
 * again then, after resolving the name): push services are public and reached over https.
 */
function checkEndpoint(endpoint: string, allowHost: string | undefined) {
  try {
    const url = checkUrl(endpoint, { allowHost });
    if (url.protocol !== "https:" && url.hostname !== allowHost) {
      throw new FetchRefusedError("Push services are reached over https.");
    }
  } catch (error) {
    if (error instanceof FetchRefusedError) throw new HttpError(400, `endpoint: ${error.message}`);
    throw error;
  }
}

const shown = (row: SubscriptionRow) => ({
  id: row.id,
  endpoint: row.endpoint,
  user_agent: row.user_agent,
  created_at: row.created_at.toISOString(),
  last_sent_at: row.last_sent_at?.toISOString() ?? null,
});

export const pushRoutes = createRouter()
  .openapi(publicKey, (c) => c.json({ public_key: c.var.config.push.publicKey }, 200))
  .openapi(list, async (c) => {
    const rows = await asCaller(c, (tx, userId) => listSubscriptions(tx, userId));
    return c.json(rows.map(shown), 200);
  })
  .openapi(subscribe, async (c) => {
    const { endpoint, keys } = c.req.valid("json");
    checkEndpoint(endpoint, c.var.config.testFetchAllowHost);
    const userAgent = c.req.header("user-agent")?.slice(0, 500) ?? null;
    const row = await asCaller(c, async (tx, userId) => {
      const mine = await listSubscriptions(tx, userId);
      const known = mine.some((s) => s.endpoint === endpoint);
      if (!known && mine.length >= MAX_SUBSCRIPTIONS) {
        throw new HttpError(400, `At most ${MAX_SUBSCRIPTIONS} browsers can be subscribed.`);
      }
      return saveSubscription(tx, userId, { endpoint, ...keys, userAgent });
    });
    return c.json(shown(row), 201);
  })
  .openapi(unsubscribe, async (c) => {
    const { endpoint } = c.req.valid("json");
    const gone = await asCaller(c, (tx, userId) => deleteSubscription(tx, userId, { endpoint }));
    if (!gone) throw new HttpError(404, "No subscription with this endpoint.");
    return c.json({ message: "Unsubscribed." }, 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid("param");
    const gone =
      isUuid(id) && (await asCaller(c, (tx, userId) => deleteSubscription(tx, userId, { id })));
    if (!gone) throw new HttpError(404, "Subscription not found.");
    return c.json({ message: "Removed." }, 200);
  })
  .openapi(sendTest, async (c) => {
    const say = await sayIn(await asCaller(c, languageOf));
    const report = await pushToDevices(c.var, c.var.auth.userId, {
      title: say("test.title"),
      body: say("test.body"),
      url: "/#/settings/reminders",
      tag: "test",
    });
    return c.json(report, 200);
  });
