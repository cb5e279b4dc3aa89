import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { elapseWindows, signIn, uniqueIp, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

// A fresh unknown address on every use, so the per-account limit never adds to the
// per-address one these tests are about.
const wrong = {
  get email() {
    return `${crypto.randomUUID()}@example.test`;
  },
  password: "wrong password",
};

async function statuses(send: () => Promise<Response>, times: number): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < times; i++) result.push((await send()).status);
  return result;
}

describe("sign-in limiter", () => {
  test("five wrong passwords in a row: four 401s, then 429 with Retry-After", async () => {
    const ip = uniqueIp();
    expect(await statuses(() => signIn(ctx, wrong, ip), 4)).toEqual([401, 401, 401, 401]);
    const blocked = await signIn(ctx, wrong, ip);
    expect(blocked.status).toBe(429);
    const retryAfter = blocked.headers.get("retry-after")!;
    expect(retryAfter).toMatch(/^\d+$/);
    // The message names the same wait as the header, for people reading it in a sign-in form.
    expect(await blocked.json()).toEqual({
      error: `Too many sign-in attempts. Wait ${retryAfter} seconds before trying again; each attempt until then restarts the wait.`,
    });
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await signIn(ctx, wrong, uniqueIp())).status).toBe(401);
  });

  test("successful sign-ins count too", async () => {
    const user = await ctx.createUser();
    const ip = uniqueIp();
    const good = { email: user.email, password: user.password };
    expect(await statuses(() => signIn(ctx, good, ip), 5)).toEqual([200, 200, 200, 200, 429]);
  });

  test("each counted request restarts the window; a full pause lets the client in", async () => {
    const ip = uniqueIp();
    await statuses(() => signIn(ctx, wrong, ip), 5);
    // 59 s pass, the client retries (blocked, and the window restarts) ...
    await elapseWindows(ctx, ip, 59);
    expect((await signIn(ctx, wrong, ip)).status).toBe(429);
    // ... so another 59 s later it is still blocked, though 118 s passed since the 5th try.
    await elapseWindows(ctx, ip, 59);
    expect((await signIn(ctx, wrong, ip)).status).toBe(429);
    // A full window of silence resets the budget.
    await elapseWindows(ctx, ip, 61);
    expect((await signIn(ctx, wrong, ip)).status).toBe(401);
  });

  test("each limited path has its own budget; two-factor and email-otp paths are counted", async () => {
    const ip = uniqueIp();
    await statuses(() => signIn(ctx, wrong, ip), 5);
    const twoFactor = () => signIn(ctx, wrong, ip, "/api/auth/two-factor/verify-totp");
    expect(await statuses(twoFactor, 5)).toEqual([400, 400, 400, 400, 429]);
    // A different two-factor path is another budget.
    const otp = () => signIn(ctx, wrong, ip, "/api/auth/two-factor/verify-otp");
    expect((await otp()).status).toBe(400);
    const verifyEmail = () => signIn(ctx, wrong, ip, "/api/auth/email-otp/verify-email");
    const last = await statuses(verifyEmail, 5);
    expect(last).toEqual([400, 400, 400, 400, 429]);
  });

  test("IPv6 addresses in one /64 share a budget; the next /64 does not", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    await statuses(() => signIn(ctx, wrong, `${prefix}::1`), 2);
    await statuses(() => signIn(ctx, wrong, `${prefix}:ffff:1:2:3`), 2);
    expect((await signIn(ctx, wrong, `${prefix}::abcd`)).status).toBe(429);
    expect((await signIn(ctx, wrong, `${prefix.slice(0, -1)}8::1`)).status).toBe(401);
  });

  test("requests without a usable address share one bucket and are limited", async () => {
    const results = [
      await signIn(ctx, wrong),
      await signIn(ctx, wrong, "garbage"),
      await signIn(ctx, wrong, "not.an.ip.at-all"),
      await signIn(ctx, wrong),
      await signIn(ctx, wrong, "999.1.1.1"),
    ].map((r) => r.status);
    expect(results).toEqual([401, 401, 401, 401, 429]);
  });

  test("with one trusted hop, a forged left part of X-Forwarded-For does not escape", async () => {
    const ip = uniqueIp();
    const forged = (i: number) => signIn(ctx, wrong, `10.9.9.${i}, ${ip}`);
    const results: number[] = [];
    for (let i = 0; i < 5; i++) results.push((await forged(i)).status);
    expect(results).toEqual([401, 401, 401, 401, 429]);
  });

  test("only POST counts", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      await ctx.request("/api/auth/sign-in/email", { headers: { "X-Forwarded-For": ip } });
    }
    expect((await signIn(ctx, wrong, ip)).status).toBe(401);
  });
});

describe("sign-in limiter behind two proxies, with a custom budget", () => {
  let two: TestContext;
  beforeAll(async () => {
    two = await createTestContext({
      SERVICE_FITNESS_TRUSTED_PROXY_HOPS: "2",
      SERVICE_FITNESS_SIGN_IN_RATELIMIT_MAX: "2",
      SERVICE_FITNESS_SIGN_IN_RATELIMIT_WINDOW: "30",
    });
  }, SETUP_TIMEOUT);
  afterAll(() => two.close());

  test("the client is the entry left of both proxies; Retry-After stays within the window", async () => {
    const ip = uniqueIp();
    const send = (spoof: string, proxy: string) => signIn(two, wrong, `${spoof}, ${ip}, ${proxy}`);
    expect((await send("1.1.1.1", "10.0.0.1")).status).toBe(401);
    expect((await send("2.2.2.2", "10.0.0.2")).status).toBe(401);
    const blocked = await send("3.3.3.3", "10.0.0.3");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(30);
    // The same forged part in front of another client: a separate budget.
    expect((await signIn(two, wrong, `1.1.1.1, ${uniqueIp()}, 10.0.0.1`)).status).toBe(401);
  });
});

describe("sign-in limiter with REAL_IP_HEADER", () => {
  let real: TestContext;
  beforeAll(async () => {
    real = await createTestContext({ SERVICE_FITNESS_REAL_IP_HEADER: "X-Real-IP" });
  }, SETUP_TIMEOUT);
  afterAll(() => real.close());

  test("the named header is the client address and X-Forwarded-For is ignored", async () => {
    const ip = uniqueIp();
    const send = (i: number) => {
      const init = jsonRequest("POST", null, wrong);
      const headers = init.headers as Record<string, string>;
      headers["X-Real-IP"] = ip;
      headers["X-Forwarded-For"] = `10.1.1.${i}`;
      return real.request("/api/auth/sign-in/email", init);
    };
    const results: number[] = [];
    for (let i = 0; i < 5; i++) results.push((await send(i)).status);
    expect(results).toEqual([401, 401, 401, 401, 429]);
  });
});
