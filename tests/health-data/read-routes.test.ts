import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { createSyncUser, getJson, ingest } from "./helpers.ts";

let ctx: TestContext;
// Starting an embedded engine can take longer than the default hook timeout on a busy machine.
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const DAY = "2026-06-01";

describe("reading synced data back", () => {
  test("user B sees none of user A's data, and A's ids answer 404", async () => {
    const a = await createSyncUser(ctx);
    const b = await createSyncUser(ctx);
    await ingest(ctx, a.key, [
      { type: "water", value: 500, date: DAY },
      { type: "Active Calories", value: 200, date: DAY },
      { type: "Body Temp", value: 36.6, date: DAY },
      { type: "Mood", value: 8, date: DAY },
      { type: "SleepSession", bedtime: `${DAY}T00:00:00Z`, wake_time: `${DAY}T06:00:00Z` },
    ]);
    const [category] = (
      await getJson<{ id: string }[]>(ctx, "/api/measurements/custom-categories", a.token)
    ).body;
    const [sleep] = (await getJson<{ id: string }[]>(ctx, `/api/sleep?date=${DAY}`, a.token)).body;

    const asB = (path: string) => getJson(ctx, path, b.token);
    expect((await asB(`/api/measurements/water-intake/${DAY}`)).body).toEqual({
      entry_date: DAY,
      water_ml: 0,
      manual_ml: 0,
      entries: [],
    });
    for (const path of [
      "/api/measurements/custom-categories",
      `/api/measurements/custom-entries/${DAY}`,
      `/api/measurements/active-calories/${DAY}`,
      `/api/sleep?date=${DAY}`,
      `/api/mood?date=${DAY}`,
    ]) {
      expect(await asB(path)).toEqual({ status: 200, body: [] });
    }
    expect(await asB(`/api/sleep/${sleep!.id}`)).toEqual({
      status: 404,
      body: { error: "Sleep entry not found." },
    });
    expect(
      await asB(`/api/measurements/custom-entries/${DAY}?category_id=${category!.id}`),
    ).toEqual({
      status: 404,
      body: { error: "Custom measurement category not found." },
    });
    // The owner still reads them.
    const own = await getJson<unknown[]>(
      ctx,
      `/api/measurements/custom-entries/${DAY}?category_id=${category!.id}`,
      a.token,
    );
    expect(own.body.length).toBe(1);
    expect((await getJson(ctx, `/api/sleep/${sleep!.id}`, a.token)).status).toBe(200);
  });

  test("reading needs a session or key, and a well-formed date", async () => {
    const a = await createSyncUser(ctx);
    const anonymous = await ctx.request(`/api/sleep?date=${DAY}`);
    expect(anonymous.status).toBe(401);
    expect((await getJson(ctx, "/api/measurements/water-intake/yesterday", a.token)).status).toBe(
      400,
    );
    expect((await getJson(ctx, "/api/sleep", a.token)).status).toBe(400);
    expect((await getJson(ctx, "/api/sleep/not-a-uuid", a.token)).status).toBe(404);
  });
});
