import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeStrava, type FakeStrava } from "../fakes/fitness/strava.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { usesExternalDatabase } from "../helpers/test-database.ts";
import { run } from "../helpers/processes.ts";
import { connectOAuth } from "./sync-helpers.ts";

let ctx: TestContext;
let strava: FakeStrava;
let env: Record<string, string>;

beforeAll(async () => {
  strava = startFakeStrava();
  env = {
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_STRAVA_BASE_URL: strava.baseUrl,
    SERVICE_FITNESS_STRAVA_CLIENT_ID: strava.oauth.clientId,
    SERVICE_FITNESS_STRAVA_CLIENT_SECRET: strava.oauth.clientSecret,
  };
  ctx = await createTestContext(env);
  strava.activities.push({
    id: 1,
    name: "Run",
    sport_type: "Run",
    start_date: new Date(Date.now() - 3_600_000).toISOString(),
    elapsed_time: 600,
    distance: 2000,
  });
});
afterAll(async () => {
  await ctx.close();
  strava.stop();
});

/** The test database's URL, for processes of their own. */
function databaseUrl(): string {
  const o = ctx.db.owner.options as unknown as {
    host: string[];
    port: number[];
    database: string;
    user: string;
    pass: string | null;
  };
  const auth = o.pass ? `${o.user}:${encodeURIComponent(o.pass)}` : o.user;
  return `postgres://${auth}@${o.host[0]}:${o.port[0]}/${o.database}`;
}

test.skipIf(!usesExternalDatabase)(
  "two server processes on one database run every due job exactly once between them",
  async () => {
    const users = [];
    for (let i = 0; i < 8; i++) {
      const user = await ctx.createUser();
      await connectOAuth(ctx, user, "strava", () => strava.oauth.approve());
      users.push(user);
    }
    // A job another server holds a live lease on is not taken.
    await ctx.db.owner`
      update provider_sync_jobs set lease_until = now() + interval '5 minutes', leased_by = 'elsewhere'
       where user_id = ${users[0]!.id}`;
    const workerEnv = {
      ...env,
      SERVICE_FITNESS_DATABASE_URL: databaseUrl(),
      SERVICE_FITNESS_API_ENCRYPTION_KEY: ctx.config.apiEncryptionKey,
      BETTER_AUTH_SECRET: ctx.config.authSecret,
      SERVICE_FITNESS_DATA_DIR: ctx.config.dataDir,
    };
    const worker = ["node_modules/.bin/bun", "tests/provider-sync/sync-worker.ts"];
    const results = await Promise.all([run(worker, workerEnv), run(worker, workerEnv)]);
    const ran = results.map((r) => {
      expect(r.code).toBe(0);
      return (JSON.parse(r.stdout.trim().split("\n").at(-1)!) as { ran: number }).ran;
    });
    expect(ran[0]! + ran[1]!).toBe(7);
    const listed = strava.requests.filter((r) => r.startsWith("GET /api/v3/athlete/activities"));
    expect(listed.length).toBe(7);
    const synced = await ctx.db.owner<{ n: number }[]>`
      select count(*)::int as n from exercise_entries where source = 'strava'`;
    expect(synced[0]!.n).toBe(7);
    const [held] = await ctx.db.owner<{ leased_by: string }[]>`
      select leased_by from provider_sync_jobs where user_id = ${users[0]!.id}`;
    expect(held!.leased_by).toBe("elsewhere");
  },
);
