import ipaddr from "ipaddr.js";

/**
 * Which addresses a server-side fetch of a user- or provider-supplied URL may reach.
 * Only ipaddr.js's plain "unicast" range passes: private, loopback, link-local, CGNAT,
 * multicast, broadcast, unspecified, reserved, documentation, benchmarking, unique-local,
 * 6to4, Teredo and NAT64 are all refused. IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged by
 * its IPv4 address, so it cannot smuggle a private address through.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  return parsed !== null && parsed.range() === "unicast";
}

/** Whether the address is a loopback one (127/8, ::1, or ::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string): boolean {
  return parseAddress(address)?.range() === "loopback";
}

/** Whether the address is on a home or office network: RFC 1918 or unique-local. */
export function isPrivateNetworkAddress(address: string): boolean {
  const range = parseAddress(address)?.range();
  return range === "private" || range === "uniqueLocal";
}

/**
 * The address of an IP literal in any spelling ipaddr.js reads (decimal "2130706433",
 * octal "0177.0.0.1", hex "0x7f.1", short "127.1", bracketed IPv6), or null for a name.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed;
}

/** Whether the host of a URL is an IP literal rather than a name to resolve. */
export function isAddressLiteral(host: string): boolean {
  return parseAddress(host) !== null;
}
