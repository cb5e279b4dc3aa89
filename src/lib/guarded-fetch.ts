import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { checkUrl, FetchRefusedError, guardedLookup, type AddressPolicy } from "./ssrf-fetch.ts";

export type GuardedFetchPolicy = AddressPolicy & {
  /** Aborts a request that has not finished within this time (default 60 s). */
  timeoutMs?: number;
};

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A `fetch` for libraries that take one (model clients, OIDC, provider SDKs), going through
 * the same SSRF guard as `fetchGuarded`: the connection is made to the address that was
 * checked, and a GET's redirects are followed by hand and checked again. Other methods
 * get a redirect answer as it is. Bodies stream, so server-sent events flow as they arrive.
 */
export function createGuardedFetch(policy: GuardedFetchPolicy): typeof fetch {
  const guarded = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const timeout = AbortSignal.timeout(policy.timeoutMs ?? 60_000);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let url = checkUrl(request.url, policy);
    for (let hop = 0; ; hop++) {
      const response = await send(url, request, body, policy, signal);
      const location = response.headers.location;
      const follow = request.method === "GET" && REDIRECTS.has(response.statusCode ?? 0);
      if (!follow || !location) return toResponse(response, url, signal);
      response.destroy();
      if (hop >= MAX_REDIRECTS) throw new FetchRefusedError("Too many redirects.");
      url = checkUrl(new URL(location, url).href, policy);
    }
  };
  return guarded as typeof fetch;
}

function send(
  url: URL,
  request: Request,
  body: Uint8Array | undefined,
  policy: AddressPolicy,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  const headers = Object.fromEntries(request.headers);
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      { method: request.method, headers, lookup: guardedLookup(url.hostname, policy), signal },
      resolve,
    );
    outgoing.on("error", (error) =>
      reject(signal.aborted ? new FetchRefusedError("The request timed out.") : error),
    );
    outgoing.end(body);
  });
}

/**
 * The answer as a fetch Response whose body streams. A time limit reached mid-body errors
 * the stream (an abort alone would end it quietly, passing a cut-off answer for a whole one).
 */
function toResponse(incoming: IncomingMessage, url: URL, signal: AbortSignal): Response {
  const cutOff = () => incoming.destroy(new FetchRefusedError("The request timed out."));
  signal.addEventListener("abort", cutOff, { once: true });
  incoming.once("close", () => signal.removeEventListener("abort", cutOff));
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, item);
  }
  const status = incoming.statusCode ?? 502;
  const empty = status === 204 || status === 304;
  const body = empty ? null : (Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>);
  const response = new Response(body, { status, statusText: incoming.statusMessage, headers });
  Object.defineProperty(response, "url", { value: url.href });
  return response;
}
