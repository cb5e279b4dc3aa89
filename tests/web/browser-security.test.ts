import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";

let ctx: TestContext;
let user: TestUser;
const ORIGIN = "http://fitness.test";
const DAY = "2026-02-01";

beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

function cookieWrite(headers: Record<string, string>, body = { entry_date: DAY, weight: 81 }) {
  return ctx.request(`${ORIGIN}/api/measurements/check-in`, {
    method: "POST",
    headers: { Cookie: `fitness_session=${user.token}`, ...headers },
    body: JSON.stringify(body),
  });
}

async function storedWeight(): Promise<number | undefined> {
  const response = await ctx.request(`/api/measurements/check-in/${DAY}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  return ((await response.json()) as { weight?: number }).weight;
}

describe("cookie-authenticated writes", () => {
  test("a cross-site text/plain form post is refused and writes nothing", async () => {
    const response = await cookieWrite({
      "Content-Type": "text/plain",
      Origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-site request refused." });
    expect(await storedWeight()).toBeUndefined();
  });

  test("JSON from another origin, or with no origin at all, is refused", async () => {
    const json = { "Content-Type": "application/json" };
    expect((await cookieWrite({ ...json, Origin: "https://evil.example" })).status).toBe(403);
    expect((await cookieWrite(json)).status).toBe(403);
    expect((await cookieWrite({ "Content-Type": "text/plain", Origin: ORIGIN })).status).toBe(403);
    expect(await storedWeight()).toBeUndefined();
  });

  test("JSON from the server's own origin (Origin or Referer) is accepted", async () => {
    const json = { "Content-Type": "application/json" };
    expect((await cookieWrite({ ...json, Origin: ORIGIN })).status).toBe(200);
    expect(
      (await cookieWrite({ ...json, Referer: `${ORIGIN}/` }, { entry_date: DAY, weight: 82 }))
        .status,
    ).toBe(200);
    expect(await storedWeight()).toBe(82);
  });

  test("bearer clients are unaffected", async () => {
    const response = await ctx.request(`${ORIGIN}/api/measurements/check-in`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ entry_date: "2026-02-02", weight: 70 }),
    });
    expect(response.status).toBe(200);
  });
});

describe("security headers", () => {
  test("the shell has a strict policy and no HSTS over plain HTTP", async () => {
    const response = await ctx.request("/");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    // Maps draw on OpenStreetMap by default: its tiles are the one remote image origin.
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    const shell = await response.text();
    expect(shell).toContain(
      '<meta name="fitness-map-tiles" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png"',
    );
    expect(shell).toContain(
      '<meta name="fitness-map-attribution" content="© OpenStreetMap contributors"',
    );
  });

  test("HSTS when a trusted proxy says the request came over HTTPS", async () => {
    const response = await ctx.request("/api/health", {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });

  test("a configured tile server is the only remote origin, for images", async () => {
    const tiled = await createTestContext({
      SERVICE_FITNESS_MAP_TILE_URL: "https://{s}.tiles.example/{z}/{x}/{y}.png",
    });
    try {
      const response = await tiled.request("/");
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
      const shell = await response.text();
      expect(shell).toContain("https://{s}.tiles.example/{z}/{x}/{y}.png");
      expect(shell).toContain('<meta name="fitness-map-attribution" content="Map tiles"');
    } finally {
      await tiled.close();
    }
  });

  test("tiles turned off: no remote origin at all, and no tile URL in the shell", async () => {
    const plain = await createTestContext({
      SERVICE_FITNESS_MAP_TILE_URL: "off",
      SERVICE_FITNESS_MAP_TILE_ATTRIBUTION: "Unused",
    });
    try {
      const response = await plain.request("/");
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain("img-src 'self' data: blob:;");
      const shell = await response.text();
      expect(shell).toContain('<meta name="fitness-map-tiles" content=""');
      expect(shell).toContain('<meta name="fitness-map-attribution" content=""');
    } finally {
      await plain.close();
    }
  });
});
