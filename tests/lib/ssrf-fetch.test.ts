import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { isPublicAddress } from "../../src/lib/ssrf-address.ts";
import { downloadImage } from "../../src/lib/remote-image.ts";
import { FetchRefusedError, fetchGuarded } from "../../src/lib/ssrf-fetch.ts";
import { startImageServer, type ImageServer } from "../fakes/image-server.ts";
import { PNG } from "../helpers/image-fixtures.ts";
import { createTestConfig } from "../helpers/test-database.ts";

describe("the SSRF guard's address table", () => {
  const refused = [
    ["0.0.0.0", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback, end of range"],
    ["10.1.2.3", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12, end"],
    ["192.168.1.1", "private 192.168/16"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.255", "CGNAT, end"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["2130706433", "decimal loopback"],
    ["0177.0.0.1", "octal loopback"],
    ["0x7f.0.0.1", "hex loopback"],
    ["127.1", "short loopback"],
    ["10.1", "short private"],
    ["0xa9fea9fe", "hex link-local"],
    ["::", "IPv6 unspecified"],
    ["::1", "IPv6 loopback"],
    ["[::1]", "bracketed IPv6 loopback"],
    ["fe80::1", "IPv6 link-local"],
    ["fc00::1", "IPv6 unique local"],
    ["fd12:3456::1", "IPv6 unique local"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["64:ff9b::a00:1", "NAT64 of a private address"],
    ["2002:a00:1::", "6to4 of a private address"],
    ["2001:db8::1", "IPv6 documentation"],
    ["example.com", "not an address at all"],
  ];
  for (const [address, why] of refused) {
    test(`refuses ${address} (${why})`, () => expect(isPublicAddress(address!)).toBe(false));
  }
  const allowed = ["93.184.215.14", "8.8.8.8", "1.1.1.1", "2606:4700::1111", "::ffff:8.8.8.8"];
  for (const address of allowed) {
    test(`allows public ${address}`, () => expect(isPublicAddress(address)).toBe(true));
  }
});

describe("fetchGuarded", () => {
  let server: ImageServer;
  let port: string;
  beforeAll(() => {
    server = startImageServer();
    port = new URL(server.origin).port;
  });
  afterAll(() => server.stop());
  const allowed = { allowHost: "localhost" };

  async function refusal(url: string, options = allowed): Promise<string> {
    try {
      await fetchGuarded(url, options);
    } catch (error) {
      expect(error).toBeInstanceOf(FetchRefusedError);
      return (error as Error).message;
    }
    throw new Error(`expected ${url} to be refused`);
  }

  test("a loopback host is refused by default, with no request made", async () => {
    expect(await refusal(`${server.origin}/a.png`, {} as typeof allowed)).toContain("non-public");
    expect(server.hits.get("/a.png")).toBeUndefined();
  });

  test("the named test host is reached when explicitly allowed", async () => {
    const response = await fetchGuarded(`${server.origin}/b.png`, allowed);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(PNG);
  });

  test("the allowance is for that name only: its loopback address stays refused", async () => {
    expect(await refusal(`http://127.0.0.1:${port}/c.png`)).toContain("not a public address");
    expect(await refusal(`http://2130706433:${port}/c.png`)).toContain("not a public address");
    expect(await refusal(`http://[::1]:${port}/c.png`)).toContain("not a public address");
    expect(await refusal(`http://0x7f.1:${port}/c.png`)).toContain("not a public address");
    expect(await refusal(`http://0177.0.0.1:${port}/c.png`)).toContain("not a public address");
    expect(await refusal(`http://[::ffff:127.0.0.1]:${port}/c.png`)).toContain(
      "not a public address",
    );
    expect(server.hits.get("/c.png")).toBeUndefined();
  });

  test("https is checked at the same lookup: a loopback name is refused before connecting", async () => {
    expect(await refusal("https://localhost:9/x.png", {} as typeof allowed)).toContain(
      "non-public",
    );
  });

  test("only http and https, and no credentials in the URL", async () => {
    expect(await refusal("file:///etc/passwd")).toContain("Only http and https");
    expect(await refusal("ftp://example.com/a.png")).toContain("Only http and https");
    expect(await refusal(`http://user:pw@localhost:${port}/d.png`)).toContain("credentials");
    expect(await refusal("not a url")).toContain("Not a valid URL");
  });

  test("a redirect to a private, loopback or metadata address is refused", async () => {
    expect(await refusal(`${server.origin}/to-private`)).toContain("10.0.0.1");
    expect(await refusal(`${server.origin}/to-loopback-ip`)).toContain("127.0.0.1");
    expect(await refusal(`${server.origin}/to-metadata`)).toContain("169.254.169.254");
  });

  test("a redirect to an allowed place is followed", async () => {
    const response = await fetchGuarded(`${server.origin}/to-image`, allowed);
    expect(response.url).toBe(`${server.origin}/redirected/a.png`);
    expect(response.body).toEqual(PNG);
  });

  test("at most five redirects", async () => {
    expect(await refusal(`${server.origin}/loop/0`)).toBe("Too many redirects.");
    expect(server.hits.get("/loop/5")).toBe(1);
    expect(server.hits.get("/loop/6")).toBeUndefined();
  });

  test("a body over the cap is refused, by header and while streaming", async () => {
    expect(await refusal(`${server.origin}/huge.png`)).toContain("larger than");
    expect(await refusal(`${server.origin}/huge-stream.png`)).toContain("larger than");
  });

  test("a response that never finishes times out", async () => {
    const message = await refusal(`${server.origin}/slow.png`, {
      ...allowed,
      timeoutMs: 300,
    } as typeof allowed);
    expect(message).toBe("The request timed out.");
  });
});

describe("downloadImage", () => {
  let server: ImageServer;
  beforeAll(() => {
    server = startImageServer();
  });
  afterAll(() => server.stop());

  test("accepts a real image and names its type from the bytes", async () => {
    const image = await downloadImage(`${server.origin}/x/photo.jpg`, "localhost");
    expect(image.mime).toBe("image/jpeg");
    expect(image.ext).toBe("jpg");
  });

  test("refuses HTML served with an image extension and content type", async () => {
    expect(downloadImage(`${server.origin}/page.jpg`, "localhost")).rejects.toThrow(
      "Not a png, jpeg, gif or webp image.",
    );
  });

  test("refuses a non-200 answer", async () => {
    expect(downloadImage(`${server.origin}/missing`, "localhost")).rejects.toThrow("answered 404");
  });
});

describe("the test-only allow-host setting", () => {
  test("is unset by default and accepts only a loopback name", () => {
    expect(createTestConfig().testFetchAllowHost).toBeUndefined();
    expect(
      createTestConfig({ SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "localhost" }).testFetchAllowHost,
    ).toBe("localhost");
    expect(() => createTestConfig({ SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "10.0.0.1" })).toThrow(
      "SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: must be localhost, 127.0.0.1 or ::1 (test-only setting)",
    );
  });
});
