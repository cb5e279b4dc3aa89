import type { Context } from "hono";
import { getConnInfo } from "hono/bun";
import { BlockList, isIP } from "node:net";
import type { Config } from "../config.ts";
import type { AppEnv } from "./context.ts";

type AddressSources = {
  /** The TCP peer, when the server knows it. */
  socketAddress?: string;
  forwardedFor?: string;
  realIp?: string;
};
type AddressConfig = Pick<Config, "trustedProxyHops" | "realIpHeader" | "trustedProxies">;

/**
 * The visitor's address. With REAL_IP_HEADER set, only that header counts. Otherwise the
 * X-Forwarded-For chain plus the TCP peer is read from the right, skipping the trusted
 * proxy hops: each trusted proxy appends the address it saw, so the entry just left of
 * them is the first one a client could not forge. Null when it cannot be determined.
 * Headers count only when the connection comes from a trusted proxy address: a client
 * that reaches the server directly is known by its own address, whatever it sends. A
 * request with no socket at all (in-process) is taken as coming through the proxy.
 */
export function resolveClientAddress(sources: AddressSources, config: AddressConfig) {
  const peer = validAddress(sources.socketAddress);
  if (peer && !isTrustedProxy(peer, config.trustedProxies)) return peer;
  if (config.realIpHeader) return validAddress(sources.realIp?.split(",")[0]);
  const chain = (sources.forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  chain.push(sources.socketAddress ?? "");
  // Fewer entries than hops means fewer proxies than configured: the leftmost is then
  // the furthest address known, as Express's "trust proxy" does.
  const index = Math.max(0, chain.length - 1 - config.trustedProxyHops);
  return validAddress(chain[index]);
}

/** The client address of a request (see resolveClientAddress), or null. */
export function clientAddress(c: Context<AppEnv>): string | null {
  const { config } = c.var;
  return resolveClientAddress(
    {
      socketAddress: socketAddress(c),
      forwardedFor: c.req.header("x-forwarded-for"),
      realIp: config.realIpHeader ? c.req.header(config.realIpHeader) : undefined,
    },
    config,
  );
}

/**
 * The key a per-address limiter counts under: the address itself for IPv4, its /64
 * network for IPv6 (one subscriber usually holds a whole /64), and "unknown" for every
 * request whose address cannot be determined, so those share one budget instead of
 * bypassing the limit.
 */
export function addressBucket(address: string | null): string {
  if (!address) return "unknown";
  if (isIP(address) === 4) return address;
  const groups = expandIpv6(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")
    .concat("::/64");
}

/** Whether the request reached us over HTTPS, directly or as told by a trusted proxy. */
export function isSecureRequest(c: Context<AppEnv>): boolean {
  // A request's URL is absolute and its scheme lower case: no need to parse it.
  if (c.req.url.startsWith("https:")) return true;
  const { trustedProxyHops, realIpHeader } = c.get("config");
  if (trustedProxyHops === 0 && !realIpHeader) return false;
  return c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests and some adapters have no socket to ask.
    return undefined;
  }
}

const proxyLists = new WeakMap<readonly string[], BlockList>();

function isTrustedProxy(address: string, ranges: readonly string[]): boolean {
  let list = proxyLists.get(ranges);
  if (!list) {
    list = new BlockList();
    for (const range of ranges) {
      const [base = "", bits] = range.split("/");
      const family = isIP(base) === 6 ? "ipv6" : "ipv4";
      if (!isIP(base)) continue;
      if (bits === undefined) list.addAddress(base, family);
      else list.addSubnet(base, Number(bits), family);
    }
    proxyLists.set(ranges, list);
  }
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

function validAddress(value: string | undefined): string | null {
  const address = value?.trim().replace(/^\[(.*)\]$/, "$1");
  return address && isIP(address) ? address.toLowerCase() : null;
}

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, IPv4 tail converted). */
function expandIpv6(address: string): number[] {
  let text = address.split("%")[0]!;
  const v4 = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text =
      text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}
