import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";

// The app served on a real socket, reached directly (not through a proxy the server
// trusts), as when the binary listens on a public address with the default one hop.
let ctx: TestContext;
let server: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  ctx = await createTestContext({ SERVICE_FITNESS_TRUSTED_PROXIES: "192.0.2.1" });
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: ctx.app.fetch });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await server.stop(true);
  await ctx.close();
});

describe("a client that talks to the server directly", () => {
  test("cannot dodge the sign-in limit with made-up X-Forwarded-For values", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${server.url}api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: "nobody@example.test", password: "wrong password" }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
  });
});
