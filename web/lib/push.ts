import { api, get, post } from "../api/client.ts";

/** This browser's side of Web Push: the permission, its subscription, subscribing. */

export type PushSupport = "supported" | "no-worker" | "unsupported";

/** Push needs the service worker, which the app registers on https only. */
export function pushSupport(): PushSupport {
  if (!("PushManager" in window) || !("Notification" in window)) return "unsupported";
  if (!("serviceWorker" in navigator) || location.protocol !== "https:") return "no-worker";
  return "supported";
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== "supported") return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** Asks for permission, subscribes with the server's key, and registers the subscription. */
export async function subscribeThisBrowser(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new Error("Notifications are blocked for this site: allow them in the browser.");
  }
  const { public_key } = await get<{ public_key: string }>("/api/push/public-key");
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: fromBase64Url(public_key),
  });
  await post("/api/push/subscriptions", { ...subscription.toJSON() });
}

/** Unsubscribes this browser, here and on the server. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
