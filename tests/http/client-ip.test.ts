import { describe, expect, test } from "bun:test";
import { addressBucket, resolveClientAddress } from "../../src/http/client-ip.ts";

const PRIVATE = ["127.0.0.0/8", "::1/128", "10.0.0.0/8", "192.168.0.0/16"];
const hops = (trustedProxyHops: number) => ({
  trustedProxyHops,
  realIpHeader: undefined,
  trustedProxies: PRIVATE,
});

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
    const config = { trustedProxyHops: 1, realIpHeader: "x-real-ip", trustedProxies: PRIVATE };
    const sources = { forwardedFor: "6.6.6.6", realIp: "203.0.113.5", socketAddress: "10.0.0.2" };
    expect(resolveClientAddress(sources, config)).toBe("203.0.113.5");
    expect(resolveClientAddress({ forwardedFor: "6.6.6.6" }, config)).toBeNull();
  });

  test("a client that is not a trusted proxy is known by its own address", () => {
    const direct = { forwardedFor: "6.6.6.6", realIp: "7.7.7.7", socketAddress: "203.0.113.8" };
    expect(resolveClientAddress(direct, hops(1))).toBe("203.0.113.8");
    const realIp = { ...hops(1), realIpHeader: "x-real-ip" };
    expect(resolveClientAddress(direct, realIp)).toBe("203.0.113.8");
    const listed = { ...hops(1), trustedProxies: ["203.0.113.0/24"] };
    expect(resolveClientAddress(direct, listed)).toBe("6.6.6.6");
    const single = { ...hops(1), trustedProxies: ["203.0.113.8"] };
    expect(resolveClientAddress(direct, single)).toBe("6.6.6.6");
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
