import { forgetCredentials } from "../../src/credentials/credential-cache.ts";
import type { TestContext } from "./test-app.ts";
import { jsonRequest } from "./test-app.ts";

/** POST /api/auth/sign-in/email as a client at `ip` (through one proxy: X-Forwarded-For). */
export function signIn(
  ctx: TestContext,
  body: { email: string; password: string },
  ip?: string,
  path = "/api/auth/sign-in/email",
): Promise<Response> {
  const init = jsonRequest("POST", null, body);
  if (ip) (init.headers as Record<string, string>)["X-Forwarded-For"] = ip;
  return ctx.request(path, init);
}

let nextIp = Math.floor(Math.random() * 60_000);

/** A fresh benchmarking-range address, so every test has buckets of its own. */
export function uniqueIp(): string {
  const n = nextIp++ % 65_536;
  return `198.18.${n >> 8}.${n & 255}`;
}

/** Moves rate-limit windows whose bucket contains `fragment` back in time, as if time passed. */
export async function elapseWindows(ctx: TestContext, fragment: string, seconds: number) {
  await ctx.db.owner`
    update rate_limit_counters set reset_at = reset_at - make_interval(secs => ${seconds})
     where position(${fragment} in bucket) > 0`;
}

/** Makes the user an administrator (as the CLI would) and returns a session token. */
export async function makeAdmin(ctx: TestContext, userId: string): Promise<void> {
  await ctx.db.owner`update users set role = 'admin' where id = ${userId}`;
  // As the CLI in another process would, after the credential cache's few seconds.
  forgetCredentials();
}

/** beforeAll timeout: starting an embedded database can exceed bun's 5 s hook default on a busy machine. */
export const SETUP_TIMEOUT = 60_000;
