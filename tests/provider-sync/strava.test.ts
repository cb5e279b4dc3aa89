import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeStrava, type FakeStrava } from "../fakes/fitness/strava.ts";
import {
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";
import { connectionOf, connectOAuth, jobOf, makeDue, runJobs, workoutsOf } from "./sync-helpers.ts";

let ctx: TestContext;
let strava: FakeStrava;
const hoursAgo = (h: number) =>
  new Date(Date.now() - h * 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");
const points = (n: number): [number, number, number][] =>
  Array.from({ length: n }, (_, i) => [52.5 + i * 0.0001, 13.4 + i * 0.0001, 120 + (i % 30)]);

beforeAll(async () => {
  strava = startFakeStrava();
  ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_STRAVA_BASE_URL: strava.baseUrl,
    SERVICE_FITNESS_STRAVA_CLIENT_ID: strava.oauth.clientId,
    SERVICE_FITNESS_STRAVA_CLIENT_SECRET: strava.oauth.clientSecret,
  });
  strava.activities.push(
    {
      id: 1001,
      name: "Morning Run",
      sport_type: "Run",
      start_date: hoursAgo(30),
      elapsed_time: 1800,
      distance: 5000,
      calories: 400,
      points: points(120),
      laps: [60, 60],
    },
    {
      id: 1002,
      name: "Gym",
      sport_type: "WeightTraining",
      start_date: hoursAgo(20),
      elapsed_time: 2400,
      distance: 0,
    },
  );
});
afterAll(async () => {
  await ctx.close();
  strava.stop();
});

async function connected(): Promise<TestUser> {
  const user = await ctx.createUser();
  await connectOAuth(ctx, user, "strava", () => strava.oauth.approve());
  return user;
}

describe("Strava", () => {
  test("authorize gives Strava's URL with our client, redirect and a state; a wrong state is refused", async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(
      "/api/integrations/strava/authorize?redirect_uri=https://fitness.example/cb",
      jsonRequest("GET", user.token),
    );
    const { authUrl, state } = await res.json();
    const url = new URL(authUrl);
    expect(url.pathname).toBe("/oauth/authorize");
    expect(url.searchParams.get("client_id")).toBe(strava.oauth.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe("https://fitness.example/cb");
    expect(url.searchParams.get("state")).toBe(state);
    expect(url.searchParams.get("scope")).toContain("activity:read_all");
    const bad = await ctx.request(
      "/api/integrations/strava/callback",
      jsonRequest("POST", user.token, { code: strava.oauth.approve(), state: "forged" }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe(
      "Invalid or expired authorization state. Start the connection again.",
    );
    const badCode = await ctx.request(
      "/api/integrations/strava/callback",
      jsonRequest("POST", user.token, { code: "never-issued", state }),
    );
    expect(badCode.status).toBe(502);
  });

  test("connect stores sealed tokens and the athlete id, then the first sync saves workouts with GPS, laps and weight", async () => {
    const user = await ctx.createUser();
    const { connection } = await connectOAuth(ctx, user, "strava", () => strava.oauth.approve());
    expect(connection).toMatchObject({
      provider: "strava",
      connected: true,
      status: "connected",
      external_user_id: "4242",
    });
    const row = await connectionOf(ctx, user.id, "strava");
    expect(Buffer.from(row!.access_token_sealed!).toString()).not.toContain("access-");
    expect(await runJobs(ctx)).toBe(1);

    const workouts = await workoutsOf(ctx, user.id, "strava");
    expect(workouts.map((w) => w.source_id)).toEqual(["1001", "1002"]);
    expect(workouts[0]).toMatchObject({ title: "Morning Run", distance: 5 });
    const [gps] = await ctx.db.owner<{ n: number }[]>`
      select cardinality(t_offset_ms) as n from workout_gps_tracks where exercise_entry_id = ${workouts[0]!.id}`;
    expect(gps!.n).toBe(120);
    const [laps] = await ctx.db.owner<{ n: number }[]>`
      select count(*)::int as n from workout_laps where exercise_entry_id = ${workouts[0]!.id}`;
    expect(laps!.n).toBe(2);
    const [weight] = await ctx.db.owner<{ weight: number }[]>`
      select weight from check_in_measurements where user_id = ${user.id}`;
    expect(weight!.weight).toBe(71.5);

    const status = await (
      await ctx.request("/api/integrations/strava/status", jsonRequest("GET", user.token))
    ).json();
    expect(status.last_sync_at).not.toBeNull();
    expect(status.last_error).toBeNull();
    expect(new Date(status.next_sync_at).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  test("a re-sync over an overlapping range with a changed and a new activity updates in place, children intact", async () => {
    const user = await connected();
    await runJobs(ctx);
    const before = await workoutsOf(ctx, user.id, "strava");
    strava.activities[0]!.name = "Morning Run (edited)";
    strava.activities[0]!.distance = 5200;
    strava.activities.push({
      id: 1003,
      name: "Ride",
      sport_type: "Ride",
      start_date: hoursAgo(2),
      elapsed_time: 3600,
      distance: 20000,
      points: points(30),
    });
    try {
      const res = await ctx.request(
        "/api/integrations/strava/sync",
        jsonRequest("POST", user.token, {}),
      );
      expect(res.status).toBe(202);
      expect(await runJobs(ctx)).toBe(1);
      const after = await workoutsOf(ctx, user.id, "strava");
      expect(after.map((w) => w.source_id)).toEqual(["1001", "1002", "1003"]);
      expect(after[0]!.id).toBe(before[0]!.id);
      expect(after[0]).toMatchObject({ title: "Morning Run (edited)", distance: 5.2 });
      const [laps] = await ctx.db.owner<{ n: number }[]>`
        select count(*)::int as n from workout_laps where exercise_entry_id = ${after[0]!.id}`;
      expect(laps!.n).toBe(2);
      // The same range again changes nothing.
      await ctx.request(
        "/api/integrations/strava/sync",
        jsonRequest("POST", user.token, { startDate: hoursAgo(72).slice(0, 10) }),
      );
      await runJobs(ctx);
      expect((await workoutsOf(ctx, user.id, "strava")).length).toBe(3);
    } finally {
      strava.activities.splice(2);
      strava.activities[0]!.name = "Morning Run";
      strava.activities[0]!.distance = 5000;
    }
  });

  test("an expired access token is refreshed once and the sync goes on", async () => {
    const user = await connected();
    await runJobs(ctx);
    const refreshes = strava.oauth.refreshCount;
    strava.oauth.expireAccessTokens();
    await makeDue(ctx, user.id);
    await runJobs(ctx);
    expect(strava.oauth.refreshCount).toBe(refreshes + 1);
    const row = await connectionOf(ctx, user.id, "strava");
    expect(row).toMatchObject({ status: "connected", last_error: null });
  });

  test("429 waits for Retry-After (or Strava's quarter hour); 5xx backs off; both keep the connection", async () => {
    const user = await connected();
    strava.fail({ ...strava.rateLimited(), headers: { "Retry-After": "120" } });
    await runJobs(ctx);
    let job = await jobOf(ctx, user.id);
    const wait = (job!.run_at.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(100);
    expect(wait).toBeLessThanOrEqual(121);
    expect((await connectionOf(ctx, user.id, "strava"))!.last_error).toContain("Rate limited");

    strava.fail(strava.rateLimited());
    await makeDue(ctx, user.id);
    await runJobs(ctx);
    job = await jobOf(ctx, user.id);
    expect(job!.run_at.getTime() - Date.now()).toBeLessThanOrEqual(900_000);

    strava.fail({ status: 503, body: { message: "Service Unavailable" } });
    await makeDue(ctx, user.id);
    await runJobs(ctx);
    job = await jobOf(ctx, user.id);
    expect(job!.failures).toBe(1);
    expect((await connectionOf(ctx, user.id, "strava"))!.status).toBe("connected");

    await makeDue(ctx, user.id);
    await runJobs(ctx);
    expect(await jobOf(ctx, user.id)).toMatchObject({ failures: 0 });
    expect((await connectionOf(ctx, user.id, "strava"))!.last_error).toBeNull();
  });

  test("disconnect revokes at Strava, forgets the tokens and stops syncing; the workouts stay", async () => {
    const user = await connected();
    await runJobs(ctx);
    const res = await ctx.request(
      "/api/integrations/strava/disconnect",
      jsonRequest("POST", user.token),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ connected: false, status: "disconnected" });
    expect(strava.requests.some((r) => r.startsWith("POST /oauth/deauthorize"))).toBe(true);
    const row = await connectionOf(ctx, user.id, "strava");
    expect(row).toMatchObject({ access_token_sealed: null, refresh_token_sealed: null });
    expect(await jobOf(ctx, user.id)).toBeNull();
    expect((await workoutsOf(ctx, user.id, "strava")).length).toBe(2);
    const sync = await ctx.request(
      "/api/integrations/strava/sync",
      jsonRequest("POST", user.token, {}),
    );
    expect(sync.status).toBe(404);
  });

  test("webhook: the subscription check echoes the challenge; a delete event removes our copy only once Strava confirms it gone", async () => {
    const check = await ctx.request(
      "/api/integrations/strava/webhook?hub.mode=subscribe&hub.challenge=abc123&hub.verify_token=x",
    );
    expect(await check.json()).toEqual({ "hub.challenge": "abc123" });
    strava.activities.push({
      id: 1004,
      name: "Deleted later",
      sport_type: "Walk",
      start_date: hoursAgo(10),
      elapsed_time: 600,
      distance: 1000,
    });
    const user = await connected();
    await runJobs(ctx);
    expect((await workoutsOf(ctx, user.id, "strava")).map((w) => w.source_id)).toEqual([
      "1001",
      "1002",
      "1004",
    ]);
    strava.activities.splice(
      strava.activities.findIndex((a) => a.id === 1004),
      1,
    );
    const event = (id: number) =>
      ctx.request(
        "/api/integrations/strava/webhook",
        jsonRequest("POST", null, {
          object_type: "activity",
          object_id: id,
          aspect_type: "delete",
          owner_id: 4242,
          subscription_id: 1,
          event_time: Math.floor(Date.now() / 1000),
          updates: {},
        }),
      );
    expect((await (await event(1004)).json()).queued).toBeGreaterThanOrEqual(1);
    // A forged event for an activity that still exists deletes nothing.
    await event(1001);
    expect(await jobOf(ctx, user.id)).toMatchObject({ failures: 0 });
    await runJobs(ctx);
    expect((await workoutsOf(ctx, user.id, "strava")).map((w) => w.source_id)).toEqual([
      "1001",
      "1002",
    ]);
    const [row] = await ctx.db.owner<{ pending_deletions: string[] }[]>`
      select pending_deletions from provider_connections where user_id = ${user.id} and provider = 'strava'`;
    expect(row!.pending_deletions).toEqual([]);
    const unknown = await ctx.request(
      "/api/integrations/strava/webhook",
      jsonRequest("POST", null, {
        object_type: "activity",
        object_id: 1,
        aspect_type: "delete",
        owner_id: 999,
      }),
    );
    expect(await unknown.json()).toEqual({ queued: 0 });
  });
});
