import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakePolar } from "../fakes/fitness/polar.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { connectionOf, connectOAuth, makeDue, runJobs, workoutsOf } from "./sync-helpers.ts";

let ctx: TestContext;
let polar: ReturnType<typeof startFakePolar>;
const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  polar = startFakePolar();
  ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_POLAR_BASE_URL: polar.baseUrl,
    SERVICE_FITNESS_POLAR_CLIENT_ID: polar.oauth.clientId,
    SERVICE_FITNESS_POLAR_CLIENT_SECRET: polar.oauth.clientSecret,
  });
  polar.exercises.push({
    id: "2AC312F",
    upload_time: new Date().toISOString(),
    device: "Polar Vantage V2",
    start_time: `${day(2)}T10:00:00`,
    start_time_utc_offset: 120,
    duration: "PT30M",
    calories: 310,
    distance: 6000,
    sport: "RUNNING",
    detailed_sport_info: "RUNNING",
    heart_rate: { average: 140, maximum: 170 },
    samples: [{ recording_rate: 5, sample_type: "0", data: "120,125,130,0,135" }],
    route: [0, 1, 2].map((i) => ({
      latitude: 60.1 + i * 0.001,
      longitude: 24.9,
      time: `PT${i * 5}S`,
      satellites: 9,
    })),
  });
  polar.nights.push({
    date: day(1),
    sleep_start_time: `${day(2)}T23:00:00+02:00`,
    sleep_end_time: `${day(1)}T07:00:00+02:00`,
  });
  polar.recharges.push({
    date: day(1),
    heart_rate_avg: 52,
    heart_rate_variability_avg: 45,
    breathing_rate_avg: 13.5,
  });
});
afterAll(async () => {
  await ctx.close();
  polar.stop();
});

test("Polar: connect registers the user; exercises with HR samples and route, sleep, nightly recharge; re-sync idempotent; disconnect deregisters", async () => {
  const user = await ctx.createUser();
  const { connection } = await connectOAuth(ctx, user, "polar", () => polar.oauth.approve());
  expect(connection.external_user_id).toBe("10001");
  expect(polar.requests).toContain("POST /v3/users");
  await runJobs(ctx);
  const [workout] = await workoutsOf(ctx, user.id, "polar");
  expect(workout).toMatchObject({ source_id: "2AC312F", distance: 6 });
  const [gps] = await ctx.db.owner<{ n: number; base: Date }[]>`
    select cardinality(lat) as n, base_time as base from workout_gps_tracks where exercise_entry_id = ${workout!.id}`;
  expect(gps).toMatchObject({ n: 3 });
  expect(gps!.base.toISOString()).toBe(`${day(2)}T08:00:00.000Z`);
  const [sleep] = await ctx.db.owner<{ n: number }[]>`
    select count(*)::int as n from sleep_entries where user_id = ${user.id} and source = 'polar'`;
  expect(sleep!.n).toBe(1);
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  expect((await workoutsOf(ctx, user.id, "polar")).length).toBe(1);
  expect((await connectionOf(ctx, user.id, "polar"))!.last_error).toBeNull();

  await ctx.request("/api/integrations/polar/disconnect", jsonRequest("POST", user.token));
  expect(polar.requests).toContain("DELETE /v3/users/10001");
});

test("Polar: a refused token cannot be refreshed (Polar issues none): the connection needs connecting again", async () => {
  const user = await ctx.createUser();
  await connectOAuth(ctx, user, "polar", () => polar.oauth.approve());
  polar.oauth.expireAccessTokens();
  await runJobs(ctx);
  expect((await connectionOf(ctx, user.id, "polar"))!.status).toBe("error");
  const status = await (
    await ctx.request("/api/integrations/polar/status", jsonRequest("GET", user.token))
  ).json();
  expect(status).toMatchObject({ connected: false, status: "error" });
});

test("Polar daily activity: a transaction's steps and active calories are saved, then committed; a later summary of the day corrects it", async () => {
  const user = await ctx.createUser();
  await connectOAuth(ctx, user, "polar", () => polar.oauth.approve());
  polar.dailyActivity.push({
    id: 501,
    "polar-user": "https://www.polaraccesslink.com/v3/users/10001",
    date: day(1),
    created: `${day(1)}T20:00:00.000`,
    calories: 2300,
    "active-calories": 410,
    duration: "PT2H10M",
    "active-steps": 8200,
  });
  await runJobs(ctx);
  const read = async () => [
    ...(await ctx.db.owner<{ steps: number; calories: number }[]>`
      select c.steps, a.calories from check_in_measurements c
        join active_calories_entries a on a.user_id = c.user_id and a.entry_date = c.entry_date
       where c.user_id = ${user.id} and a.source = 'polar'`),
  ];
  expect(await read()).toEqual([{ steps: 8200, calories: 410 }]);
  expect(polar.requests).toContain("PUT /v3/users/10001/activity-transactions/1");
  expect(polar.dailyActivity.length).toBe(0);

  polar.dailyActivity.push({
    id: 502,
    date: day(1),
    created: `${day(0)}T06:00:00.000`,
    "active-calories": 455,
    "active-steps": 9100,
  });
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  expect(await read()).toEqual([{ steps: 9100, calories: 455 }]);
  // Nothing new: Polar answers 204 and nothing changes.
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  expect(await read()).toEqual([{ steps: 9100, calories: 455 }]);
  expect((await connectionOf(ctx, user.id, "polar"))!.last_error).toBeNull();
});
