import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeFitbit } from "../fakes/fitness/fitbit.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { connectionOf, connectOAuth, jobOf, makeDue, runJobs, workoutsOf } from "./sync-helpers.ts";

let ctx: TestContext;
let fitbit: ReturnType<typeof startFakeFitbit>;
const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  fitbit = startFakeFitbit();
  ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_FITBIT_BASE_URL: fitbit.baseUrl,
    SERVICE_FITNESS_FITBIT_CLIENT_ID: fitbit.oauth.clientId,
    SERVICE_FITNESS_FITBIT_CLIENT_SECRET: fitbit.oauth.clientSecret,
  });
  for (const ago of [1, 2, 40])
    fitbit.days[day(ago)] = { steps: 8000 + ago, resting: 55, hrv: 40, water: 1500 };
  fitbit.weights.push({ logId: 9001, date: day(2), weight: 70.2, fat: 18.5 });
  fitbit.sleeps.push({
    logId: 7001,
    dateOfSleep: day(1),
    startTime: `${day(2)}T23:00:00.000`,
    endTime: `${day(1)}T07:00:00.000`,
  });
  fitbit.activities.push({
    logId: 5001,
    activityName: "Run",
    startTime: `${day(3)}T07:00:00.000+01:00`,
    duration: 1_800_000,
    distance: 5,
  });
});
afterAll(async () => {
  await ctx.close();
  fitbit.stop();
});

test("Fitbit: a 60-day range is read in 30-day queries; series, weight, sleep (local times) and activities, idempotent on re-sync", async () => {
  const user = await ctx.createUser();
  const { connection } = await connectOAuth(ctx, user, "fitbit", () => fitbit.oauth.approve());
  expect(connection.external_user_id).toBe("FB1234");
  await runJobs(ctx);
  const res = await ctx.request(
    "/api/integrations/fitbit/sync",
    jsonRequest("POST", user.token, { startDate: day(60), endDate: day(0) }),
  );
  expect(res.status).toBe(202);
  await runJobs(ctx);
  // The first sync's 31 days (30 back and today) take two queries, the 61-day range three.
  expect(fitbit.requests.filter((r) => r.includes("/activities/steps/date/")).length).toBe(2 + 3);

  const steps = await ctx.db.owner<{ entry_date: string; steps: number }[]>`
    select entry_date, steps from check_in_measurements where user_id = ${user.id} and steps is not null order by entry_date`;
  expect(steps.map((s) => s.steps)).toEqual([8040, 8002, 8001]);
  const [weight] = await ctx.db.owner<{ weight: number }[]>`
    select weight from check_in_measurements where user_id = ${user.id} and entry_date = ${day(2)}`;
  expect(weight!.weight).toBe(70.2);
  const [sleep] = await ctx.db.owner<{ bedtime: Date; entry_date: string }[]>`
    select bedtime, entry_date from sleep_entries where user_id = ${user.id} and source = 'fitbit'`;
  expect(sleep!.bedtime.toISOString()).toBe(`${day(2)}T22:00:00.000Z`);
  expect(sleep!.entry_date).toBe(day(1));
  expect((await workoutsOf(ctx, user.id, "fitbit")).map((w) => w.distance)).toEqual([5]);

  const count = async () =>
    (
      await ctx.db.owner<{ n: number }[]>`
    select count(*)::int as n from custom_measurement_entries where user_id = ${user.id}`
    )[0]!.n;
  const before = await count();
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  expect(await count()).toBe(before);
  expect((await workoutsOf(ctx, user.id, "fitbit")).length).toBe(1);
});

test("Fitbit: expired_token refreshes with Basic auth; 429 waits for Retry-After; disconnect revokes", async () => {
  const user = await ctx.createUser();
  await connectOAuth(ctx, user, "fitbit", () => fitbit.oauth.approve());
  fitbit.oauth.expireAccessTokens();
  const refreshes = fitbit.oauth.refreshCount;
  await runJobs(ctx);
  expect(fitbit.oauth.refreshCount).toBe(refreshes + 1);
  expect((await connectionOf(ctx, user.id, "fitbit"))!.last_error).toBeNull();

  fitbit.fail({
    status: 429,
    headers: { "Retry-After": "300", "Fitbit-Rate-Limit-Reset": "300" },
    body: { errors: [{ errorType: "system", message: "Too Many Requests" }] },
  });
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  const wait = ((await jobOf(ctx, user.id))!.run_at.getTime() - Date.now()) / 1000;
  expect(wait).toBeGreaterThan(250);
  expect(wait).toBeLessThanOrEqual(301);

  await ctx.request("/api/integrations/fitbit/disconnect", jsonRequest("POST", user.token));
  expect(fitbit.requests).toContain("POST /oauth2/revoke");
});
