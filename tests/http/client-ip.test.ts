import { describe, expect, test } from "bun:test";
import { addressBucket, resolveClientAddress } from "../../src/http/client-ip.ts";

const hops = (trustedProxyHops: number) => ({ trustedProxyHops, realIpHeader: undefined });

describe("client address", () => {
  test("one trusted hop: the address the proxy appended, not what the client wrote", () => {
    const sources = { forwardedFor: "6.6.6.6, 203.0.113.7", socketAddress: "10.0.0.2" };
    expect(resolveClientAddress(sources, hops(1))).toBe("203.0.113.7");
  });

  test("two trusted hops skip both proxies", () => {
    const sources = { forwardedFor: "6.6.6.6, 203.0.113.7, 10.0.0.3", socketAddress: "10.0.0.2" };
    expect(resolveClientAddress(sources, hops(2))).toBe("203.0.113.7");
  });

  test("zero hops: the TCP peer, X-Forwarded-For ignored", () => {
    const sources = { forwardedFor: "6.6.6.6", socketAddress: "198.51.100.4" };
    expect(resolveClientAddress(sources, hops(0))).toBe("198.51.100.4");
  });

  test("fewer entries than hops: the leftmost known address", () => {
    expect(resolveClientAddress({ forwardedFor: "203.0.113.9" }, hops(3))).toBe("203.0.113.9");
  });

  test("REAL_IP_HEADER wins and X-Forwarded-For is ignored", () => {
    const config = { trustedProxyHops: 1, realIpHeader: "x-real-ip" };
    const sources = { forwardedFor: "6.6.6.6", realIp: "203.0.113.5", socketAddress: "10.0.0.2" };
    expect(resolveClientAddress(sources, config)).toBe("203.0.113.5");
    expect(resolveClientAddress({ forwardedFor: "6.6.6.6" }, config)).toBeNull();
  });

  test("garbage or missing addresses are unknown", () => {
    expect(resolveClientAddress({ forwardedFor: "not-an-ip" }, hops(1))).toBeNull();
    expect(resolveClientAddress({}, hops(1))).toBeNull();
    expect(resolveClientAddress({ forwardedFor: "[2001:db8::1]" }, hops(1))).toBe("2001:db8::1");
  });

  test("buckets: IPv4 as is, IPv6 by /64, mapped IPv4 as IPv4, unknown shared", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:0DB8:0001:0002:ffff:1:2:3".toLowerCase())).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressBucket("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressBucket(null)).toBe("unknown");
  });
});
