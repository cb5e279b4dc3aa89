import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { call } from "./helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const DAY = "2026-05-04";

describe("water", () => {
  test("containers: one primary at a time, changed field by field, deleted", async () => {
    const user = await ctx.createUser();
    const glass = await call(ctx, user, "POST", "/api/water-containers", {
      name: "Glass",
      volume: 250,
      is_primary: true,
    });
    expect(glass.status).toBe(201);
    expect(glass.body).toMatchObject({ name: "Glass", volume: 250, unit: "ml", is_primary: true });
    const bottle = await call(ctx, user, "POST", "/api/water-containers", {
      name: "Bottle",
      volume: 1,
      unit: "liter",
      servings_per_container: 2,
      is_primary: true,
    });
    const list = await call(ctx, user, "GET", "/api/water-containers");
    expect(list.body.map((c: any) => [c.name, c.is_primary])).toEqual([
      ["Bottle", true],
      ["Glass", false],
    ]);
    const renamed = await call(ctx, user, "PUT", `/api/water-containers/${glass.body.id}`, {
      name: "Big glass",
    });
    expect(renamed.body).toMatchObject({ name: "Big glass", volume: 250, is_primary: false });
    const primary = await call(
      ctx,
      user,
      "PUT",
      `/api/water-containers/${glass.body.id}/set-primary`,
    );
    expect(primary.body.is_primary).toBe(true);
    expect(
      (await call(ctx, user, "DELETE", `/api/water-containers/${bottle.body.id}`)).status,
    ).toBe(200);
    expect(
      (await call(ctx, user, "DELETE", `/api/water-containers/${bottle.body.id}`)).status,
    ).toBe(404);
    expect((await call(ctx, user, "PUT", "/api/water-containers/abc", { name: "x" })).status).toBe(
      404,
    );
  });

  test("logging by drink, by container and in millilitres; taking back; the day's total", async () => {
    const user = await ctx.createUser();
    // No container yet: a drink is a 250 ml glass.
    const first = await call(ctx, user, "POST", "/api/measurements/water-intake", {
      entry_date: DAY,
      change_drinks: 1,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ water_ml: 250, entry_date: DAY });
    const bottle = await call(ctx, user, "POST", "/api/water-containers", {
      name: "Bottle",
      volume: 1,
      unit: "liter",
      servings_per_container: 2,
    });
    const second = await call(ctx, user, "POST", "/api/measurements/water-intake", {
      entry_date: DAY,
      change_drinks: 2,
      container_id: bottle.body.id,
    });
    expect(second.body.water_ml).toBe(1250);
    await call(ctx, user, "POST", "/api/measurements/water-intake", {
      entry_date: DAY,
      water_ml: 330,
    });
    // Taking back 400 ml: the newest entry (330) goes, the one before loses 70.
    const back = await call(ctx, user, "POST", "/api/measurements/water-intake", {
      entry_date: DAY,
      water_ml: -400,
    });
    expect(back.body.water_ml).toBe(1180);
    const day = await call(ctx, user, "GET", `/api/measurements/water-intake/${DAY}`);
    expect(day.body).toMatchObject({ entry_date: DAY, water_ml: 1180, manual_ml: 1180 });
    expect(day.body.entries.map((e: any) => [e.water_ml, e.container_name])).toEqual([
      [250, null],
      [930, "Bottle"],
    ]);
    const removed = await call(
      ctx,
      user,
      "DELETE",
      `/api/measurements/water-intake/entry/${day.body.entries[0].id}`,
    );
    expect(removed.status).toBe(200);
    expect(
      (await call(ctx, user, "GET", `/api/measurements/water-intake/${DAY}`)).body.water_ml,
    ).toBe(930);
  });

  test("bad input is a 400 naming the field and changes nothing", async () => {
    const user = await ctx.createUser();
    for (const path of [
      "/api/measurements/water-intake/2024-02-30",
      "/api/measurements/water-intake/0000-00-00",
    ]) {
      const res = await call(ctx, user, "GET", path);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain("date");
    }
    const both = await call(ctx, user, "POST", "/api/measurements/water-intake", {
      entry_date: DAY,
      water_ml: 100,
      change_drinks: 1,
    });
    expect(both.status).toBe(400);
    const badDay = await call(ctx, user, "POST", "/api/measurements/water-intake", {
      entry_date: "2026-13-01",
      water_ml: 100,
    });
    expect(badDay.status).toBe(400);
    expect(badDay.body.error).toContain("entry_date");
    const unknown = await call(ctx, user, "POST", "/api/measurements/water-intake", {
      entry_date: DAY,
      change_drinks: 1,
      container_id: 999999,
    });
    expect(unknown.status).toBe(404);
    expect(
      (await call(ctx, user, "GET", `/api/measurements/water-intake/${DAY}`)).body.water_ml,
    ).toBe(0);
  });

  test("another user's containers and entries stay invisible", async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    const glass = await call(ctx, a, "POST", "/api/water-containers", {
      name: "Glass",
      volume: 200,
    });
    await call(ctx, a, "POST", "/api/measurements/water-intake", {
      entry_date: DAY,
      water_ml: 500,
    });
    expect((await call(ctx, b, "GET", "/api/water-containers")).body).toEqual([]);
    expect((await call(ctx, b, "GET", `/api/measurements/water-intake/${DAY}`)).body.water_ml).toBe(
      0,
    );
    expect((await call(ctx, b, "DELETE", `/api/water-containers/${glass.body.id}`)).status).toBe(
      404,
    );
  });
});
