import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeOura } from "../fakes/fitness/oura.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { connectionOf, connectOAuth, jobOf, makeDue, runJobs, workoutsOf } from "./sync-helpers.ts";

let ctx: TestContext;
let oura: ReturnType<typeof startFakeOura>;
const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  oura = startFakeOura();
  ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_OURA_BASE_URL: oura.baseUrl,
    SERVICE_FITNESS_OURA_CLIENT_ID: oura.oauth.clientId,
    SERVICE_FITNESS_OURA_CLIENT_SECRET: oura.oauth.clientSecret,
  });
  oura.sleep.push({
    id: "s-1",
    day: day(1),
    bedtime_start: `${day(2)}T22:30:00+01:00`,
    bedtime_end: `${day(1)}T06:30:00+01:00`,
    average_hrv: 48,
    lowest_heart_rate: 51,
    type: "long_sleep",
  });
  for (const ago of [1, 2, 3])
    oura.dailyActivity.push({
      id: `a-${ago}`,
      day: day(ago),
      steps: 7000 + ago,
      active_calories: 350,
    });
  oura.workouts.push({
    id: "w-1",
    day: day(2),
    activity: "cycling",
    calories: 410,
    distance: 15000,
    start_datetime: `${day(2)}T17:00:00+01:00`,
    end_datetime: `${day(2)}T18:00:00+01:00`,
    label: null,
  });
  for (let i = 0; i < 5; i++)
    oura.heartrate.push({ bpm: 60 + i, source: "awake", timestamp: `${day(1)}T12:0${i}:00+00:00` });
});
afterAll(async () => {
  await ctx.close();
  oura.stop();
});

test("Oura: sleep, daily activity, workouts and heart rate in 29-day pages; a re-sync changes nothing", async () => {
  const user = await ctx.createUser();
  await connectOAuth(ctx, user, "oura", () => oura.oauth.approve());
  await runJobs(ctx);
  const heartRate = await ctx.db.owner<{ n: number }[]>`
    select count(*)::int as n from custom_measurement_entries e join custom_measurement_categories c on c.id = e.category_id
     where e.user_id = ${user.id} and c.name = 'heart_rate'`;
  expect(heartRate[0]!.n).toBe(5);
  const [sleep] = await ctx.db.owner<{ duration_seconds: number }[]>`
    select duration_seconds from sleep_entries where user_id = ${user.id} and source = 'oura'`;
  expect(sleep!.duration_seconds).toBe(8 * 3600);
  expect((await workoutsOf(ctx, user.id, "oura"))[0]).toMatchObject({
    source_id: "w-1",
    distance: 15,
  });
  const total = async () =>
    (
      await ctx.db.owner<{ n: number }[]>`
    select count(*)::int as n from custom_measurement_entries where user_id = ${user.id}`
    )[0]!.n;
  const before = await total();
  await ctx.request(
    "/api/integrations/oura/sync",
    jsonRequest("POST", user.token, { startDate: day(45) }),
  );
  await runJobs(ctx);
  expect(await total()).toBe(before);
  expect((await workoutsOf(ctx, user.id, "oura")).length).toBe(1);
});

test("Oura: 401 refreshes, 429 honours Retry-After, 500 backs off", async () => {
  const user = await ctx.createUser();
  await connectOAuth(ctx, user, "oura", () => oura.oauth.approve());
  oura.oauth.expireAccessTokens();
  await runJobs(ctx);
  expect((await connectionOf(ctx, user.id, "oura"))!.last_error).toBeNull();
  oura.fail({
    status: 429,
    headers: { "Retry-After": "90" },
    body: { detail: "Too Many Requests" },
  });
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  expect((await jobOf(ctx, user.id))!.run_at.getTime()).toBeGreaterThan(Date.now() + 60_000);
  oura.fail({ status: 500 });
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  expect((await jobOf(ctx, user.id))!.failures).toBe(1);
});
