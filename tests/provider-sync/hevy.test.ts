import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeHevy, type FakeHevyWorkout } from "../fakes/fitness/hevy.ts";
import { createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { connectionOf, runJobs, workoutsOf } from "./sync-helpers.ts";

let ctx: TestContext;
let hevy: ReturnType<typeof startFakeHevy>;
const ago = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

function workout(id: string, sets: number): FakeHevyWorkout {
  return {
    id,
    title: "Push day",
    start_time: ago(5),
    end_time: ago(4),
    updated_at: ago(4),
    exercises: [0, 1].map((index) => ({
      index,
      title: index === 0 ? "Bench Press (Barbell)" : "Triceps Dip",
      sets: Array.from({ length: sets }, (_, i) => ({
        index: i,
        type: "normal",
        weight_kg: 60 + i,
        reps: 8,
      })),
    })),
  };
}

beforeAll(async () => {
  hevy = startFakeHevy();
  ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
    SERVICE_FITNESS_HEVY_BASE_URL: hevy.baseUrl,
  });
  for (let i = 0; i < 12; i++) hevy.workouts.push(workout(`w-${i}`, 3));
});
afterAll(async () => {
  await ctx.close();
  hevy.stop();
});

async function setsOf(userId: string) {
  const [row] = await ctx.db.owner<{ n: number }[]>`
    select count(*)::int as n from exercise_entry_sets where user_id = ${userId}`;
  return row!.n;
}

test("Hevy: API key connect, paged first sync, a re-sync with an edited workout keeps one entry per exercise", async () => {
  const user = await ctx.createUser();
  const res = await ctx.request(
    "/api/integrations/hevy/connect",
    jsonRequest("POST", user.token, { api_key: hevy.apiKey }),
  );
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ auth: "api_key", connected: true });
  await runJobs(ctx);
  expect((await workoutsOf(ctx, user.id, "hevy")).length).toBe(24);
  expect(await setsOf(user.id)).toBe(72);

  hevy.workouts[0] = { ...workout("w-0", 4), updated_at: new Date().toISOString() };
  await ctx.request("/api/integrations/hevy/sync", jsonRequest("POST", user.token, {}));
  await runJobs(ctx);
  expect((await workoutsOf(ctx, user.id, "hevy")).length).toBe(24);
  expect(await setsOf(user.id)).toBe(74);
});

test("Hevy: a wrong API key marks the connection as needing to connect again", async () => {
  const user = await ctx.createUser();
  await ctx.request(
    "/api/integrations/hevy/connect",
    jsonRequest("POST", user.token, { api_key: "wrong" }),
  );
  await runJobs(ctx);
  const row = await connectionOf(ctx, user.id, "hevy");
  expect(row).toMatchObject({ status: "error" });
  expect(row!.last_error).toContain("refused");
  const oauth = await ctx.request(
    "/api/integrations/hevy/authorize",
    jsonRequest("GET", user.token),
  );
  expect(oauth.status).toBe(400);
});
