import { ECDH } from "node:crypto";
import { z } from "@hono/zod-openapi";

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url.`)
    .refine((v) => Buffer.from(v, "base64url").length === bytes, `${what} must be ${bytes} bytes.`);

// A point off the curve would fail every encryption: refused when subscribing instead.
function isCurvePoint(value: string): boolean {
  const point = Buffer.from(value, "base64url");
  try {
    ECDH.convertKey(point, "prime256v1", undefined, undefined, "uncompressed");
    return point[0] === 4;
  } catch {
    return false;
  }
}

/** The browser's PushSubscription as PushSubscription.toJSON() gives it. */
export const subscriptionBody = z
  .object({
    endpoint: z
      .string()
      .max(2048)
      .regex(/^https?:\/\/[^/\s]+/, "endpoint must be the push service's URL."),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: base64url(65, "keys.p256dh").refine(
        isCurvePoint,
        "keys.p256dh must be an uncompressed P-256 public key.",
      ),
      auth: base64url(16, "keys.auth"),
    }),
  })
  .openapi("PushSubscriptionBody");

export const endpointBody = z.object({ endpoint: z.string().max(2048) });

export const device = z
  .object({
    id: z.uuid(),
    endpoint: z.string().describe("The push service URL: the browser's own tells it apart"),
    user_agent: z.string().nullable(),
    created_at: z.string(),
    last_sent_at: z.string().nullable(),
  })
  .openapi("PushDevice");

export const publicKeyAnswer = z
  .object({ public_key: z.string().describe("applicationServerKey for pushManager.subscribe") })
  .openapi("PushPublicKey");

export const testAnswer = z
  .object({
    sent: z.number().int(),
    dropped: z.number().int().describe("Subscriptions the push service no longer knows"),
    failed: z.number().int(),
    error: z.string().optional(),
  })
  .openapi("PushTestResult");
