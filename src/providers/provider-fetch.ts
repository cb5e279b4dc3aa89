import { HttpError } from "../errors.ts";
import { createGuardedFetch } from "../lib/guarded-fetch.ts";
import { FetchRefusedError } from "../lib/ssrf-fetch.ts";
import { VERSION } from "../version.ts";

/** Open Food Facts asks every client to name itself; the others do not mind. */
export const USER_AGENT = `fitness-server/${VERSION} (self-hosted fitness tracker; food lookup)`;

export type ProviderHttpOptions = {
  /** The provider's name as people know it, used in error messages. */
  label: string;
  timeoutMs: number;
  /** Test-only loopback host (config.testFetchAllowHost). */
  allowHost?: string;
  /** An administrator's choice for a self-hosted provider on the home network. */
  allowPrivateNetwork: boolean;
};

export type ProviderRequest = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A JSON body, or form fields (sent as application/x-www-form-urlencoded). */
  json?: unknown;
  form?: Record<string, string>;
  /** Answers 404 with null instead of an error ("no such food"). */
  notFoundIsNull?: boolean;
};

export type ProviderHttp = {
  /** Fetches `url` and parses its JSON; upstream trouble becomes the HttpError a caller sees. */
  json<T = unknown>(url: string, request?: ProviderRequest): Promise<T | null>;
  /** The raw response, for callers that read the status themselves (token requests, uploads). */
  send(url: string, init: RequestInit): Promise<Response>;
};

/**
 * Every outbound provider request goes through here: the SSRF guard (public addresses only,
 * unless an administrator allowed the private network for that provider), a time limit,
 * and one mapping of upstream trouble to what our caller gets:
 * 401/403 → 502 "<Provider> rejected the configured credentials.", 429 → 429 passing
 * Retry-After, 5xx and other refusals → 502, network failure → 502, timeout → 504.
 */
export function createProviderHttp(options: ProviderHttpOptions): ProviderHttp {
  const guarded = createGuardedFetch({
    allowHost: options.allowHost,
    allowPrivateNetwork: options.allowPrivateNetwork,
    // The guard's own limit is a backstop; ours below decides (and answers 504).
    timeoutMs: options.timeoutMs + 1000,
  });
  const { label } = options;

  async function send(url: string, init: RequestInit): Promise<Response> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await guarded(url, {
        ...init,
        signal,
        headers: { "User-Agent": USER_AGENT, Accept: "application/json", ...init.headers },
      });
      // The body is read here too, so a stalled body counts against the same time limit.
      const body = await response.arrayBuffer();
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      if (signal.aborted) throw new HttpError(504, `${label} did not answer in time.`);
      if (error instanceof FetchRefusedError && /timed out/.test(error.message)) {
        throw new HttpError(504, `${label} did not answer in time.`);
      }
      if (error instanceof FetchRefusedError) {
        throw new HttpError(502, `${label} could not be reached: ${error.message}`);
      }
      throw new HttpError(502, `${label} could not be reached.`);
    }
  }

  return {
    send,
    async json<T>(url: string, request: ProviderRequest = {}): Promise<T | null> {
      const headers: Record<string, string> = { ...request.headers };
      let body: string | undefined;
      if (request.json !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(request.json);
      } else if (request.form) {
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        body = new URLSearchParams(request.form).toString();
      }
      const response = await send(url, { method: request.method ?? "GET", headers, body });
      if (response.status === 404 && request.notFoundIsNull) return null;
      throwForStatus(label, response);
      try {
        return (await response.json()) as T;
      } catch {
        throw new HttpError(502, `${label} answered with something that is not JSON.`);
      }
    },
  };
}

/** Maps a non-2xx upstream status to the caller's error; a 2xx passes. */
export function throwForStatus(label: string, response: Response): void {
  const { status } = response;
  if (status >= 200 && status < 300) return;
  if (status === 401 || status === 403) {
    throw new HttpError(502, `${label} rejected the configured credentials.`);
  }
  if (status === 429) {
    const retryAfter = response.headers.get("retry-after");
    throw new HttpError(
      429,
      `${label} is limiting requests; try again later.`,
      retryAfter ? { "Retry-After": retryAfter } : {},
    );
  }
  if (status >= 500) throw new HttpError(502, `${label} answered with an error (${status}).`);
  throw new HttpError(502, `${label} refused the request (${status}).`);
}

/** `path` under a base URL, keeping the base's own sub-path (https://host/mealie + /api/x). */
export function underBase(baseUrl: string, path: string, query?: Record<string, string>): string {
  const url = new URL(baseUrl.replace(/\/+$/, "") + "/" + path.replace(/^\/+/, ""));
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.href;
}

/**
 * A media path as a recipe manager gives it, made absolute: an absolute http(s) URL stays,
 * a relative path is resolved against the configured base URL keeping any sub-path
 * ("/media/x.jpg" under https://host/tandoor is https://host/tandoor/media/x.jpg).
 */
export function resolveMediaUrl(baseUrl: string, path: string | null | undefined): string | null {
  const value = path?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("//")) return null;
  return underBase(baseUrl, value);
}
