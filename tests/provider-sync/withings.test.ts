import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeWithings } from "../fakes/fitness/withings.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { connectionOf, connectOAuth, jobOf, makeDue, runJobs, workoutsOf } from "./sync-helpers.ts";

let ctx: TestContext;
let withings: ReturnType<typeof startFakeWithings>;
const now = Math.floor(Date.now() / 1000);
const day = (secondsAgo: number) => new Date((now - secondsAgo) * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  withings = startFakeWithings();
  ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_WITHINGS_BASE_URL: withings.baseUrl,
  });
  // Weight 80.25 kg (8025e-2) with body fat; a blood pressure reading; three more weights for paging.
  withings.groups.push(
    {
      grpid: 1,
      date: now - 86400 * 2,
      modified: now - 86400 * 2,
      measures: [
        { value: 8025, type: 1, unit: -2 },
        { value: 221, type: 6, unit: -1 },
      ],
    },
    {
      grpid: 2,
      date: now - 86400,
      modified: now - 86400,
      measures: [
        { value: 121, type: 10, unit: 0 },
        { value: 79, type: 9, unit: 0 },
        { value: 64, type: 11, unit: 0 },
      ],
    },
    {
      grpid: 3,
      date: now - 86400 * 5,
      modified: now - 86400 * 5,
      measures: [{ value: 81, type: 1, unit: 0 }],
    },
  );
  withings.sleeps.push({
    id: 77,
    startdate: now - 86400 - 8 * 3600,
    enddate: now - 86400,
    modified: now - 86400,
  });
  withings.activities.push({ date: day(86400), steps: 9876, calories: 420 });
  withings.workouts.push({
    id: 555,
    category: 2,
    startdate: now - 86400 * 3,
    enddate: now - 86400 * 3 + 1800,
  });
});
afterAll(async () => {
  await ctx.close();
  withings.stop();
});

async function customValues(userId: string) {
  return ctx.db.owner<{ category: string; value: number }[]>`
    select c.name as category, e.value from custom_measurement_entries e
      join custom_measurement_categories c on c.id = e.category_id
     where e.user_id = ${userId} order by c.name, e.value`;
}

test("Withings: the user's own OAuth app, then measures, sleep, steps and a workout; a correction via lastupdate updates in place", async () => {
  const user = await ctx.createUser();
  const unconfigured = await ctx.request(
    "/api/integrations/withings/authorize",
    jsonRequest("GET", user.token),
  );
  expect(unconfigured.status).toBe(400);
  const own = await ctx.request(
    "/api/integrations/withings/settings",
    jsonRequest("PUT", user.token, {
      client_id: withings.oauth.clientId,
      client_secret: withings.oauth.clientSecret,
    }),
  );
  expect(await own.json()).toMatchObject({ configured: true, has_own_client: true });
  const { connection } = await connectOAuth(ctx, user, "withings", () => withings.oauth.approve());
  expect(connection).toMatchObject({ connected: true, external_user_id: "363" });
  await runJobs(ctx);

  const [checkIn] = await ctx.db.owner<{ weight: number }[]>`
    select weight from check_in_measurements where user_id = ${user.id} and entry_date = ${day(86400 * 2)}`;
  expect(checkIn!.weight).toBeCloseTo(80.25);
  const values = await customValues(user.id);
  expect(values).toContainEqual({ category: "blood_pressure_systolic", value: 121 });
  // Body fat is a check-in field, as from the phone app.
  const fat = await ctx.db.owner<{ body_fat_percentage: number }[]>`
    select body_fat_percentage from check_in_measurements
     where user_id = ${user.id} and body_fat_percentage is not null`;
  expect(fat.map((r) => r.body_fat_percentage)).toEqual([22.1]);
  const [sleep] = await ctx.db.owner<{ source_key: string; duration_seconds: number }[]>`
    select source_key, duration_seconds from sleep_entries where user_id = ${user.id} and source = 'withings'`;
  expect(sleep).toEqual({ source_key: "77", duration_seconds: 8 * 3600 });
  const [steps] = await ctx.db.owner<{ steps: number }[]>`
    select steps from check_in_measurements where user_id = ${user.id} and entry_date = ${day(86400)}`;
  expect(steps!.steps).toBe(9876);
  expect((await workoutsOf(ctx, user.id, "withings")).map((w) => w.source_id)).toEqual(["555"]);
  const cursor = (await connectionOf(ctx, user.id, "withings"))!.sync_cursor;
  expect(typeof cursor.measure_lastupdate).toBe("number");

  // The user corrects a systolic reading on Withings; the next sync asks by lastupdate.
  withings.groups[1]!.measures[0]!.value = 125;
  // After the first sync's updatetime, however long the run took on a loaded machine.
  withings.groups[1]!.modified = Math.floor(Date.now() / 1000) + 5;
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  const after = await customValues(user.id);
  expect(after.filter((v) => v.category === "blood_pressure_systolic")).toEqual([
    { category: "blood_pressure_systolic", value: 125 },
  ]);
  expect(after.length).toBe(values.length);
  expect((await workoutsOf(ctx, user.id, "withings")).length).toBe(1);
});

test("Withings: status 401 in a 200 answer refreshes the token; status 601 waits", async () => {
  const user = await ctx.createUser();
  await ctx.request(
    "/api/integrations/withings/settings",
    jsonRequest("PUT", user.token, {
      client_id: withings.oauth.clientId,
      client_secret: withings.oauth.clientSecret,
    }),
  );
  await connectOAuth(ctx, user, "withings", () => withings.oauth.approve());
  withings.oauth.expireAccessTokens();
  const refreshes = withings.oauth.refreshCount;
  await runJobs(ctx);
  expect(withings.oauth.refreshCount).toBe(refreshes + 1);
  expect(await connectionOf(ctx, user.id, "withings")).toMatchObject({
    status: "connected",
    last_error: null,
  });

  withings.failWith(601);
  await makeDue(ctx, user.id);
  await runJobs(ctx);
  const job = await jobOf(ctx, user.id);
  expect(job!.run_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
  expect((await connectionOf(ctx, user.id, "withings"))!.last_error).toContain("Rate limited");
});
