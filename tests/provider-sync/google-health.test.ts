import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeGoogleFit } from "../fakes/fitness/google-fit.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { connectionOf, connectOAuth, jobOf, makeDue, runJobs, workoutsOf } from "./sync-helpers.ts";

let ctx: TestContext;
let google: ReturnType<typeof startFakeGoogleFit>;
const dayMs = (ago: number) =>
  Date.parse(`${new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
const day = (ago: number) => new Date(dayMs(ago)).toISOString().slice(0, 10);

beforeAll(async () => {
  google = startFakeGoogleFit();
  ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_GOOGLE_HEALTH_BASE_URL: google.baseUrl,
    SERVICE_FITNESS_GOOGLE_HEALTH_CLIENT_ID: google.oauth.clientId,
    SERVICE_FITNESS_GOOGLE_HEALTH_CLIENT_SECRET: google.oauth.clientSecret,
  });
  google.daily[day(1)] = {
    "com.google.step_count.delta": 6543,
    "com.google.weight": 68.4,
    "com.google.hydration": 1.75,
  };
  google.daily[day(2)] = { "com.google.step_count.delta": 4321 };
  google.sessions.push(
    {
      id: "run-1",
      name: "Evening run",
      startTimeMillis: String(dayMs(3) + 18 * 3_600_000),
      endTimeMillis: String(dayMs(3) + 19 * 3_600_000),
      activityType: 8,
    },
    {
      id: "sleep-1",
      name: "Sleep",
      startTimeMillis: String(dayMs(2) - 2 * 3_600_000),
      endTimeMillis: String(dayMs(2) + 6 * 3_600_000),
      activityType: 72,
    },
    {
      id: "yoga-1",
      name: "Yoga",
      startTimeMillis: String(dayMs(5) + 8 * 3_600_000),
      endTimeMillis: String(dayMs(5) + 9 * 3_600_000),
      activityType: 100,
    },
  );
});
afterAll(async () => {
  await ctx.close();
  google.stop();
});

test("Google Health: offline consent, daily aggregates and sessions in 30-day queries, idempotent re-sync", async () => {
  const user = await ctx.createUser();
  const { authUrl } = await connectOAuth(ctx, user, "google_health", () => google.oauth.approve());
  expect(authUrl.searchParams.get("access_type")).toBe("offline");
  await runJobs(ctx);
  const [checkIn] = await ctx.db.owner<{ steps: number; weight: number }[]>`
    select steps, weight from check_in_measurements where user_id = ${user.id} and entry_date = ${day(1)}`;
  expect(checkIn).toEqual({ steps: 6543, weight: 68.4 });
  const [water] = await ctx.db.owner<{ water_ml: number }[]>`
    select water_ml from water_entries where user_id = ${user.id} and source = 'google_health'`;
  expect(water!.water_ml).toBe(1750);
  expect((await workoutsOf(ctx, user.id, "google_health")).map((w) => w.source_id)).toEqual([
    "yoga-1",
    "run-1",
  ]);
  const [sleep] = await ctx.db.owner<{ n: number }[]>`
    select count(*)::int as n from sleep_entries where user_id = ${user.id} and source = 'google_health'`;
  expect(sleep!.n).toBe(1);

  await ctx.request(
    "/api/integrations/google_health/sync",
    jsonRequest("POST", user.token, { startDate: day(70) }),
  );
  await runJobs(ctx);
  expect((await workoutsOf(ctx, user.id, "google_health")).length).toBe(2);
  expect((await connectionOf(ctx, user.id, "google_health"))!.last_error).toBeNull();
});

test("Google Health: a refresh keeps the refresh token Google does not resend; RESOURCE_EXHAUSTED waits", async () => {
  const user = await ctx.createUser();
  await connectOAuth(ctx, user, "google_health", () => google.oauth.approve());
  google.oauth.expireAccessTokens();
  await runJobs(ctx);
  const row = await connectionOf(ctx, user.id, "google_health");
  expect(row).toMatchObject({ status: "connected", last_error: null });
  expect(row!.refresh_token_sealed).not.toBeNull();
  google.fail({
    status: 429,
    headers: { "Retry-After": "45" },
    body: { error: { code: 429, status: "RESOURCE_EXHAUSTED", message: "Quota exceeded" } },
  });
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  expect((await jobOf(ctx, user.id))!.run_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
});
