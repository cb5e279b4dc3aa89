import type { Config } from "../config.ts";
import { createGuardedFetch } from "../lib/guarded-fetch.ts";

/** A stored subscription as web-push takes it. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** What the service worker shows: a title, a line of text and the app page a tap opens. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

/** "sent"; or "gone": the push service no longer knows the subscription (404/410). */
export type PushOutcome = "sent" | "gone";

export class PushFailedError extends Error {}

// A reminder older than an hour is no use: the push service may drop it after that.
const TIME_TO_LIVE_SECONDS = 3600;

/**
 * Sends one message to one subscription: encrypted for its keys (RFC 8291), signed with the
 * server's VAPID key (RFC 8292), and posted through the SSRF guard like every outbound request
 * to an address a user supplied. Throws PushFailedError when the push service refuses it.
 */
export async function sendPush(
  config: Pick<Config, "push" | "testFetchAllowHost">,
  target: PushTarget,
  message: PushMessage,
): Promise<PushOutcome> {
  // Loaded on first use, like every library of a rarely used feature (README, "Memory").
  const { default: webpush } = await import("web-push");
  const details = webpush.generateRequestDetails(target, JSON.stringify(message), {
    vapidDetails: config.push,
    TTL: TIME_TO_LIVE_SECONDS,
    contentEncoding: "aes128gcm",
  });
  const guardedFetch = createGuardedFetch({
    allowHost: config.testFetchAllowHost,
    timeoutMs: 15_000,
  });
  const response = await guardedFetch(details.endpoint, {
    method: details.method,
    headers: Object.fromEntries(
      Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
    ),
    body: new Uint8Array(details.body),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return "gone";
  if (response.status < 200 || response.status > 299) {
    throw new PushFailedError(`The push service answered ${response.status}.`);
  }
  return "sent";
}
