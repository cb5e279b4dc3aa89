import { lookup } from "node:dns/promises";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import {
  isAddressLiteral,
  isLoopbackAddress,
  isPrivateNetworkAddress,
  isPublicAddress,
} from "./ssrf-address.ts";

/**
 * The one guard for every server-side fetch of a user- or provider-supplied URL.
 * http(s) only, no credentials in the URL; the host's addresses are checked after DNS
 * resolution and the connection is made to the address that was checked (the resolver is
 * handed to node:http as its `lookup`, so there is no second resolution a rebinding DNS
 * server could answer differently); every redirect is followed by hand and checked again.
 */

export class FetchRefusedError extends Error {}

export type GuardedFetchOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** Test-only (config.testFetchAllowHost): this one loopback host name may be reached. */
  allowHost?: string;
  /**
   * Private addresses may be reached too (an admin's choice, for a model server such as
   * Ollama on the home network), and loopback unless `allowLoopback` says otherwise.
   * Link-local and the other reserved ranges stay refused: they hold cloud metadata
   * services, never a model.
   */
  allowPrivateNetwork?: boolean;
  /**
   * Loopback (the server's own host) may be reached; defaults to `allowPrivateNetwork`.
   * False where an anonymous request can trigger the fetch of an admin-set URL (OIDC
   * discovery): the server's own ports are no identity provider.
   */
  allowLoopback?: boolean;
};

/** What a URL's host may resolve to: the caller's exceptions to "public only". */
export type AddressPolicy = Pick<
  GuardedFetchOptions,
  "allowHost" | "allowPrivateNetwork" | "allowLoopback"
>;

export type GuardedResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
  /** The URL that answered, after redirects. */
  url: string;
};

const DEFAULTS = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GETs `url` through the guard; refusals, timeouts and oversize bodies throw. */
export async function fetchGuarded(
  url: string,
  options: GuardedFetchOptions = {},
): Promise<GuardedResponse> {
  const settings = { ...DEFAULTS, ...options };
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let target = checkUrl(url, settings);
  for (let hop = 0; ; hop++) {
    const response = await openResponse(target, settings, signal);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) {
      const body = await readCapped(response, settings.maxBytes, signal);
      return {
        status: response.statusCode ?? 0,
        headers: response.headers,
        body,
        url: target.href,
      };
    }
    response.destroy();
    if (hop >= settings.maxRedirects) throw new FetchRefusedError("Too many redirects.");
    target = checkUrl(new URL(location, target).href, settings);
  }
}

/** The URL, parsed, when its scheme and any address literal pass the policy; else throws. */
export function checkUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefusedError("Not a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchRefusedError("Only http and https URLs are fetched.");
  }
  if (url.username || url.password)
    throw new FetchRefusedError("URLs with credentials are refused.");
  // The URL parser has already turned decimal, octal and short IPv4 spellings into dotted form.
  if (isAddressLiteral(url.hostname) && !isAllowed(url.hostname, url.hostname, policy)) {
    throw new FetchRefusedError(`Refused: ${url.hostname} is not a public address.`);
  }
  return url;
}

function isAllowed(host: string, address: string, policy: AddressPolicy): boolean {
  if (isPublicAddress(address)) return true;
  const loopback = isLoopbackAddress(address);
  const allowLoopback = policy.allowLoopback ?? policy.allowPrivateNetwork;
  if (loopback && allowLoopback) return true;
  if (policy.allowPrivateNetwork && isPrivateNetworkAddress(address)) return true;
  const bare = (name: string) => name.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  const { allowHost } = policy;
  return allowHost !== undefined && bare(host) === bare(allowHost) && loopback;
}

/**
 * A resolver for node:http that refuses names resolving to an address the policy does not
 * allow. Every address must pass, so a mixed answer cannot slip through.
 */
export function guardedLookup(host: string, policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true }).then(
      (addresses) => {
        const refused = addresses.find((a) => !isAllowed(host, a.address, policy));
        if (addresses.length === 0 || refused) {
          const error = new FetchRefusedError(`Refused: ${host} resolves to a non-public address.`);
          return callback(error as NodeJS.ErrnoException, "", 4);
        }
        if (options.all) return (callback as Function)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error) => callback(error, "", 4),
    );
  };
}

function openResponse(
  url: URL,
  settings: typeof DEFAULTS & GuardedFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        headers: { "User-Agent": "fitness-server", ...settings.headers },
        lookup: guardedLookup(url.hostname, settings),
        signal,
      },
      resolve,
    );
    request.on("error", (error) => reject(signal.aborted ? timedOut() : error));
  });
}

async function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Uint8Array> {
  if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
    response.destroy();
    throw new FetchRefusedError(`Response larger than ${maxBytes} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new FetchRefusedError(`Response larger than ${maxBytes} bytes.`);
      chunks.push(chunk);
    }
  } catch (error) {
    response.destroy();
    throw signal.aborted ? timedOut() : error;
  }
  return new Uint8Array(Buffer.concat(chunks));
}

function timedOut(): FetchRefusedError {
  return new FetchRefusedError("The request timed out.");
}
