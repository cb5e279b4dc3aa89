import { signal } from "@preact/signals";
import {
  flushOutbox,
  keepsOffline,
  newIdempotencyKey,
  pendingWrites,
  queueWrite,
} from "./outbox.ts";
import { t } from "../i18n/i18n.ts";

// The sign-in answer for a wrong email or password (src/auth/sign-in.ts).
const INVALID_CREDENTIALS = "Invalid email or password.";

/** An error answer of the API: its status and the server's `error` message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server could not be reached at all: fetch rejected (still a TypeError, as fetch throws). */
export class NetworkError extends TypeError {}

/** Set when a request answers 401: the shell then shows the sign-in screen. */
export const sessionLost = signal(false);

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

/** Every request not yet answered, so that signing out can let them finish first. */
const inFlight = new Set<Promise<unknown>>();

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Resolves once no request is unanswered (or after `limitMs`), including those that
 * answers set off at once: a save clicked just before "Sign out" still lands.
 */
export async function requestsSettled(limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (inFlight.size > 0 && Date.now() < deadline) {
    await Promise.race([Promise.allSettled([...inFlight]), pause(deadline - Date.now())]);
    await pause(0);
  }
}

let signedOut = false;

/**
 * While signed out, requests for data are held unsent (they never answer): the screen
 * asking is on its way out, and the server would refuse them with 401. Sign-in calls
 * under `/api/auth/` still go.
 */
export function holdDataRequests(hold: boolean) {
  signedOut = hold;
}

/**
 * Calls the API with the session cookie. JSON bodies carry a JSON content type on every
 * write (the server refuses cookie-authenticated writes without one); FormData goes as
 * multipart. A JSON write that finds no network is kept in the outbox (outbox.ts) and
 * rejects with QueuedOffline; an answer while writes wait sends them.
 */
export function api<T>(method: string, path: string, body?: Body): Promise<T> {
  if (signedOut && !path.startsWith("/api/auth/")) return new Promise<T>(() => undefined);
  const request = send<T>(method, path, body);
  inFlight.add(request);
  return request.finally(() => inFlight.delete(request));
}

async function send<T>(method: string, path: string, body?: Body): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body ?? {});
  }
  const kept = keepsOffline(method, path, body);
  if (kept) headers["Idempotency-Key"] = newIdempotencyKey();
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: "same-origin" });
  } catch (cause) {
    if (kept) throw await queueWrite(headers["Idempotency-Key"]!, method, path, body);
    throw new NetworkError(String(cause));
  }
  if (pendingWrites.value.length > 0 && response.status !== 401) void flushOutbox();
  if (response.status === 401 && !path.startsWith("/api/auth/")) sessionLost.value = true;
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const message = data && typeof data.error === "string" ? data.error : response.statusText;
    throw new ApiError(response.status, message);
  }
  return data as T;
}

export const get = <T>(path: string) => api<T>("GET", path);
export const post = <T>(path: string, body?: Body) => api<T>("POST", path, body);
export const put = <T>(path: string, body?: Body) => api<T>("PUT", path, body);
export const del = <T>(path: string) => api<T>("DELETE", path);

/** Deletes the service worker's copies of API answers (sign-out, session lost). */
export function forgetCachedReads() {
  if ("caches" in window) void caches.delete("fitness-api");
}

/**
 * A readable message for any thrown value: in the user's language where the client knows the
 * case (wrong password, too many attempts, a server failure, no network); otherwise the
 * API's own `error` text, which stays English.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message === INVALID_CREDENTIALS) return t("errors.credentials");
    if (error.status === 429) return t("errors.tooMany");
    if (error.status >= 500) return t("errors.server");
    return error.message;
  }
  if (error instanceof NetworkError) return t("errors.offline");
  if (error instanceof Error) return error.message;
  return String(error);
}
