import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeGarmin, type FakeGarmin } from "../fakes/fitness/garmin.ts";
import {
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";
import { connectionOf, connectOAuth, jobOf, makeDue, runJobs, workoutsOf } from "./sync-helpers.ts";

let ctx: TestContext;
let garmin: FakeGarmin;
const DAY_S = 86_400;
const secondsAgo = (days: number) => Math.floor(Date.now() / 1000 - days * DAY_S);
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const RUN_START = secondsAgo(10);
const SLEEP_START = secondsAgo(3);

function runDetail(name: string) {
  const summary = {
    summaryId: "9001",
    activityId: 9001,
    activityName: name,
    activityType: "RUNNING",
    startTimeInSeconds: RUN_START,
    startTimeOffsetInSeconds: 3600,
    durationInSeconds: 1800,
    distanceInMeters: 5000,
    activeKilocalories: 350,
  };
  return {
    summaryId: "9001-detail",
    activityId: 9001,
    summary,
    samples: [0, 5, 10].map((offset, i) => ({
      startTimeInSeconds: RUN_START + offset,
      latitudeInDegree: 48.1 + i * 0.001,
      longitudeInDegree: 11.5,
      elevationInMeters: 520,
      heartRate: 130 + i,
      speedMetersPerSecond: 3,
      totalDistanceInMeters: offset * 3,
    })),
    laps: [{ startTimeInSeconds: RUN_START }, { startTimeInSeconds: RUN_START + 900 }],
  };
}

beforeAll(async () => {
  garmin = startFakeGarmin();
  ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_GARMIN_BASE_URL: garmin.baseUrl,
    SERVICE_FITNESS_GARMIN_CLIENT_ID: garmin.oauth.clientId,
    SERVICE_FITNESS_GARMIN_CLIENT_SECRET: garmin.oauth.clientSecret,
  });
  // Uploaded before anyone connected: only a backfill makes them pullable.
  const old = secondsAgo(9);
  garmin.upload("activityDetails", runDetail("Morning Run"), RUN_START, old);
  garmin.upload("activities", runDetail("Morning Run").summary, RUN_START, old);
  garmin.upload(
    "dailies",
    {
      summaryId: "d-1",
      calendarDate: dayOf(RUN_START),
      startTimeInSeconds: RUN_START,
      steps: 9000,
      activeKilocalories: 420,
      restingHeartRateInBeatsPerMinute: 52,
    },
    RUN_START,
    old,
  );
  garmin.upload(
    "sleeps",
    {
      summaryId: "s-1",
      calendarDate: dayOf(SLEEP_START + 8 * 3600),
      startTimeInSeconds: SLEEP_START,
      startTimeOffsetInSeconds: 3600,
      durationInSeconds: 8 * 3600,
      sleepLevelsMap: {
        light: [{ startTimeInSeconds: SLEEP_START, endTimeInSeconds: SLEEP_START + 4 * 3600 }],
        deep: [
          { startTimeInSeconds: SLEEP_START + 4 * 3600, endTimeInSeconds: SLEEP_START + 8 * 3600 },
        ],
      },
    },
    SLEEP_START,
    old,
  );
  garmin.upload(
    "bodyComps",
    {
      summaryId: "b-1",
      measurementTimeInSeconds: RUN_START,
      weightInGrams: 72_300,
      bodyFatInPercent: 18.5,
    },
    RUN_START,
    old,
  );
});
afterAll(async () => {
  await ctx.close();
  garmin.stop();
});

const notify = (body: unknown) =>
  ctx.request("/api/integrations/garmin/notifications", jsonRequest("POST", null, body));

let accounts = 0;
async function connected(): Promise<TestUser> {
  const user = await ctx.createUser();
  garmin.userId = `garmin-user-${++accounts}`;
  await connectOAuth(ctx, user, "garmin", (url) =>
    garmin.approve(url.searchParams.get("code_challenge")!),
  );
  return user;
}

/** The first sync asks for a backfill; Garmin delivers it as new uploads and pings. */
async function firstSync(user: TestUser) {
  await runJobs(ctx);
  const res = await notify(garmin.ping(["activityDetails", "dailies", "sleeps", "bodyComps"]));
  expect(await res.json()).toEqual({ queued: 1, disconnected: 0 });
  expect((await jobOf(ctx, user.id))!.run_at.getTime()).toBeLessThanOrEqual(Date.now());
  await runJobs(ctx);
}

describe("Garmin", () => {
  test("authorize sends a PKCE S256 challenge; the callback proves it with the verifier and stores the Garmin user id", async () => {
    const user = await ctx.createUser();
    garmin.userId = "garmin-user-pkce";
    const { authUrl, connection } = await connectOAuth(ctx, user, "garmin", (url) =>
      garmin.approve(url.searchParams.get("code_challenge")!),
    );
    expect(authUrl.pathname).toBe("/oauth2Confirm");
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUrl.searchParams.get("client_id")).toBe(garmin.oauth.clientId);
    expect(connection).toMatchObject({ connected: true, external_user_id: "garmin-user-pkce" });
    // A code approved for another challenge (an intercepted code) is refused.
    const started = await ctx.request(
      "/api/integrations/garmin/authorize?redirect_uri=https://fitness.example/cb",
      jsonRequest("GET", user.token),
    );
    const { state } = await started.json();
    const stolen = await ctx.request(
      "/api/integrations/garmin/callback",
      jsonRequest("POST", user.token, { code: garmin.approve("other-challenge"), state }),
    );
    expect(stolen.status).toBe(502);
  });

  test("first sync: backfill, then pulls of at most 24 h give the workout with GPS, heart rate and laps, steps, sleep and weight", async () => {
    const user = await connected();
    await firstSync(user);
    expect(
      garmin.requests.some((r) =>
        r.startsWith("GET /wellness-api/rest/backfill/activityDetails?summaryStartTimeInSeconds="),
      ),
    ).toBe(true);
    for (const r of garmin.requests.filter((r) => r.includes("uploadStartTimeInSeconds"))) {
      const q = new URL(`http://x${r.slice(r.indexOf(" ") + 1)}`).searchParams;
      expect(
        Number(q.get("uploadEndTimeInSeconds")) - Number(q.get("uploadStartTimeInSeconds")),
      ).toBeLessThanOrEqual(DAY_S);
    }
    const [workout] = await workoutsOf(ctx, user.id, "garmin");
    expect(workout).toMatchObject({ source_id: "9001", title: "Morning Run", distance: 5 });
    const [gps] = await ctx.db.owner<{ n: number; hr: number[] }[]>`
      select cardinality(lat) as n, hr from workout_gps_tracks where exercise_entry_id = ${workout!.id}`;
    expect(gps).toEqual({ n: 3, hr: [130, 131, 132] });
    const [laps] = await ctx.db.owner<{ n: number }[]>`
      select count(*)::int as n from workout_laps where exercise_entry_id = ${workout!.id}`;
    expect(laps!.n).toBe(2);
    const [checkIn] = await ctx.db.owner<{ steps: number; weight: number }[]>`
      select steps, weight from check_in_measurements where user_id = ${user.id} and entry_date = ${dayOf(RUN_START)}`;
    expect(checkIn).toEqual({ steps: 9000, weight: 72.3 });
    const [sleep] = await ctx.db.owner<{ n: number }[]>`
      select count(*)::int as n from sleep_entries where user_id = ${user.id} and source = 'garmin'`;
    expect(sleep!.n).toBe(1);
    expect((await connectionOf(ctx, user.id, "garmin"))!.last_error).toBeNull();
  });

  test("a re-sync over overlapping uploads applies corrections without duplicates, children intact", async () => {
    const user = await connected();
    await firstSync(user);
    const [before] = await workoutsOf(ctx, user.id, "garmin");
    garmin.upload("activityDetails", runDetail("Morning Run (renamed)"), RUN_START);
    garmin.upload(
      "dailies",
      {
        summaryId: "d-1",
        calendarDate: dayOf(RUN_START),
        startTimeInSeconds: RUN_START,
        steps: 9500,
      },
      RUN_START,
    );
    await notify(garmin.ping(["activityDetails", "dailies"]));
    await runJobs(ctx);
    await makeDue(ctx, user.id);
    await runJobs(ctx);
    const after = await workoutsOf(ctx, user.id, "garmin");
    expect(after.length).toBe(1);
    expect(after[0]).toMatchObject({ id: before!.id, title: "Morning Run (renamed)" });
    const [gps] = await ctx.db.owner<{ n: number }[]>`
      select cardinality(lat) as n from workout_gps_tracks where exercise_entry_id = ${before!.id}`;
    expect(gps!.n).toBe(3);
    const [checkIn] = await ctx.db.owner<{ steps: number }[]>`
      select steps from check_in_measurements where user_id = ${user.id} and entry_date = ${dayOf(RUN_START)}`;
    expect(checkIn!.steps).toBe(9500);
    const [sleeps] = await ctx.db.owner<{ n: number }[]>`
      select count(*)::int as n from sleep_entries where user_id = ${user.id} and source = 'garmin'`;
    expect(sleeps!.n).toBe(1);
  });

  test("an expired access token is refreshed once and the sync goes on", async () => {
    const user = await connected();
    garmin.oauth.expireAccessTokens();
    const refreshes = garmin.oauth.refreshCount;
    await runJobs(ctx);
    expect(garmin.oauth.refreshCount).toBe(refreshes + 1);
    const row = await connectionOf(ctx, user.id, "garmin");
    expect(row).toMatchObject({ status: "connected", last_error: null });
  });

  test("429 waits for Retry-After and keeps the error for the status", async () => {
    const user = await connected();
    garmin.failures.push({
      status: 429,
      headers: { "Retry-After": "120" },
      body: { errorMessage: "Rate limit exceeded" },
    });
    await runJobs(ctx);
    const job = await jobOf(ctx, user.id);
    expect(job!.run_at.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect((await connectionOf(ctx, user.id, "garmin"))!.last_error).toContain("Rate limited");
  });

  test("the webhook refuses a malformed body, ignores unknown users, and a deregistration disconnects", async () => {
    const user = await connected();
    expect((await notify({ dailies: [{ callbackURL: "x" }] })).status).toBe(400);
    expect(await (await notify({ dailies: [{ userId: "someone-else" }] })).json()).toEqual({
      queued: 0,
      disconnected: 0,
    });
    const res = await notify({ deregistrations: [{ userId: garmin.userId }] });
    expect((await res.json()).disconnected).toBeGreaterThanOrEqual(1);
    const row = await connectionOf(ctx, user.id, "garmin");
    expect(row).toMatchObject({ status: "disconnected", access_token_sealed: null });
    expect(await jobOf(ctx, user.id)).toBeNull();
  });

  test("disconnect deletes the user's registration at Garmin and forgets the tokens", async () => {
    const user = await connected();
    const res = await ctx.request(
      "/api/integrations/garmin/disconnect",
      jsonRequest("POST", user.token),
    );
    expect((await res.json()).status).toBe("disconnected");
    expect(garmin.requests).toContain("DELETE /wellness-api/rest/user/registration");
    expect(garmin.registered).toBe(false);
  });
});
