// Cost of authenticating one API-key request: key lookup (keyed hash + SECURITY DEFINER
// resolver) plus the PostgreSQL-backed rate-limit counter, measured through the HTTP app.
// Run: SERVICE_FITNESS_TEST_DATABASE_URL=postgres://... bun tests/bench/api-key-auth.ts
import { resolveApiKey } from "../../src/credentials/api-keys.ts";
import { requireApiKey } from "../../src/http/auth.ts";
import { createTestContext } from "../helpers/test-app.ts";

const ROUNDS = 400;
const ctx = await createTestContext({ SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS: "1000000" });
ctx.app.get("/bench/none", (c) => c.body(null, 204));
ctx.app.get("/bench/key", requireApiKey("health_data_write"), (c) => c.body(null, 204));
const user = await ctx.createUser();
const key = await ctx.createApiKey(user.id);

async function medianMicros(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await run();
    samples.push((performance.now() - started) * 1000);
  }
  samples.sort((a, b) => a - b);
  return Math.round(samples[Math.floor(samples.length / 2)]!);
}

const bare = await medianMicros(() => ctx.request("/bench/none"));
const authed = await medianMicros(() =>
  ctx.request("/bench/key", { headers: { "X-API-Key": key } }),
);
const lookup = await medianMicros(() => resolveApiKey(ctx.db, ctx.config.apiEncryptionKey, key));
const engine = process.env.SERVICE_FITNESS_TEST_DATABASE_URL
  ? "PostgreSQL server"
  : "embedded PGlite";
console.log(`API-key authentication, ${engine}, median of ${ROUNDS}:`);
console.log(`  request without auth        ${bare} µs`);
console.log(`  request with API key        ${authed} µs (auth adds ${authed - bare} µs)`);
console.log(`  key lookup alone            ${lookup} µs (the rest is the rate-limit counter)`);
await ctx.close();
