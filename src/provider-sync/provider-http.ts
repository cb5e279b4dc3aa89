import type { Config, SyncProviderId } from "../config.ts";
import { createGuardedFetch } from "../lib/guarded-fetch.ts";
import { ProviderAuthError, ProviderError, ProviderRateLimitError } from "./provider-errors.ts";

type Query = Record<string, string | number | boolean | undefined>;

export type ProviderRequest = {
  query?: Query;
  /** An application/x-www-form-urlencoded body (token endpoints, Withings). */
  form?: Query;
  json?: unknown;
  headers?: Record<string, string>;
  /** Send the connection's access token as a Bearer (default true unless `basic`). */
  bearer?: boolean;
  /** HTTP Basic client authentication, as several token endpoints want. */
  basic?: { user: string; password: string };
  /** Statuses answered to the caller instead of thrown (404 for "no streams", 409, ...). */
  allow?: number[];
};

export type ProviderAnswer = { status: number; headers: Headers; body: unknown };

/** How one connection talks to its service: the SSRF guard, base URL, token and error mapping. */
export type ProviderHttp = {
  readonly provider: SyncProviderId;
  accessToken: string | null;
  /** A service endpoint with the configured base URL in place of the service's origin. */
  url(serviceUrl: string, query?: Query): string;
  send(
    method: "GET" | "POST" | "PUT" | "DELETE",
    serviceUrl: string,
    request?: ProviderRequest,
  ): Promise<ProviderAnswer>;
  getJson(serviceUrl: string, query?: Query): Promise<unknown>;
};

// When a 429 has no Retry-After: Strava's windows are 15 minutes, most others a minute.
const DEFAULT_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 24 * 3600;

/** The HTTP client of one connection; every request goes through the SSRF guard. */
export function createProviderHttp(
  config: Config,
  provider: SyncProviderId,
  accessToken: string | null = null,
  /** The wait a 429 without Retry-After implies (a service's fixed window, say). */
  rateLimitWait: (headers: Headers) => number = () => DEFAULT_RETRY_SECONDS,
): ProviderHttp {
  const guardedFetch = createGuardedFetch({
    allowHost: config.testFetchAllowHost,
    timeoutMs: 30_000,
  });
  const baseUrl = config.syncProviders[provider].baseUrl;
  const http: ProviderHttp = {
    provider,
    accessToken,
    url(serviceUrl, query = {}) {
      const service = new URL(serviceUrl);
      const url = baseUrl ? new URL(baseUrl + service.pathname + service.search) : service;
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(name, String(value));
      return url.href;
    },
    async send(method, serviceUrl, request = {}) {
      const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
      let body: string | undefined;
      if (request.form) {
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        body = formBody(request.form);
      } else if (request.json !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(request.json);
      }
      if (request.basic) {
        const pair = `${request.basic.user}:${request.basic.password}`;
        headers.Authorization = `Basic ${Buffer.from(pair).toString("base64")}`;
      } else if (request.bearer !== false && http.accessToken) {
        headers.Authorization = `Bearer ${http.accessToken}`;
      }
      let response: Response;
      try {
        response = await guardedFetch(http.url(serviceUrl, request.query), {
          method,
          headers,
          body,
        });
      } catch (error) {
        throw new ProviderError(`${provider} could not be reached: ${(error as Error).message}`);
      }
      const answer = {
        status: response.status,
        headers: response.headers,
        body: await readBody(response),
      };
      if (request.allow?.includes(answer.status) || answer.status < 400) return answer;
      if (answer.status === 401)
        throw new ProviderAuthError(`${provider} refused the access token.`);
      if (answer.status === 429)
        throw new ProviderRateLimitError(
          retryAfterSeconds(answer.headers, rateLimitWait(answer.headers)),
        );
      throw new ProviderError(`${provider} answered HTTP ${answer.status}.`);
    },
    async getJson(serviceUrl, query) {
      return (await http.send("GET", serviceUrl, { query })).body;
    },
  };
  return http;
}

function formBody(form: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form))
    if (value !== undefined) params.set(name, String(value));
  return params.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Retry-After as seconds or an HTTP date; the default when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, fallback = DEFAULT_RETRY_SECONDS): number {
  const value = headers.get("retry-after")?.trim();
  if (!value) return fallback;
  const seconds = /^\d+$/.test(value)
    ? Number(value)
    : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  if (!Number.isFinite(seconds)) return fallback;
  return Math.min(Math.max(seconds, 1), MAX_RETRY_SECONDS);
}
