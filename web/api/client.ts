import { signal } from "@preact/signals";

/** An error answer of the API: its status and the server's `error` message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Set when a request answers 401: the shell then shows the sign-in screen. */
export const sessionLost = signal(false);

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

/**
 * Calls the API with the session cookie. JSON bodies carry a JSON content type on every
 * write (the server refuses cookie-authenticated writes without one); FormData goes as
 * multipart.
 */
export async function api<T>(method: string, path: string, body?: Body): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body ?? {});
  }
  const response = await fetch(path, {
    method,
    headers,
    body: payload,
    credentials: "same-origin",
  });
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

/** A readable message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
