import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { actingFor, grant } from "../family/family-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const PREFS = "/api/user-preferences";
const get = async (token: string, path = PREFS) =>
  (await ctx.request(path, { headers: bearer(token) })).json();
const bootstrap = (token: string, timezone: unknown) =>
  ctx.request(`${PREFS}/bootstrap-timezone`, jsonRequest("POST", token, { timezone }));

describe("user preferences", () => {
  test("a new account has defaults, in the app's names", async () => {
    const user = await ctx.createUser();
    expect(await get(user.token)).toMatchObject({
      default_weight_unit: "kg",
      default_distance_unit: "km",
      default_measurement_unit: "cm",
      energy_unit: "kcal",
      water_display_unit: "ml",
      date_format: "YYYY-MM-DD",
      timezone: "UTC",
      include_bmr_in_net_calories: false,
      first_day_of_week: 0,
      time_format: "h:mm A",
    });
  });

  test("PUT changes the fields sent; units and the zone are the profile's own values", async () => {
    const user = await ctx.createUser();
    const res = await ctx.request(
      PREFS,
      jsonRequest("PUT", user.token, {
        default_weight_unit: "st_lbs",
        default_measurement_unit: "ft_in",
        date_format: "DD/MM/YYYY",
        show_net_carbs: true,
        time_format: "h:mm a",
        timezone: "Europe/Paris",
        // Sent back by clients that echo what they read: ignored.
        id: "whatever",
        updated_at: "2026-01-01",
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      default_weight_unit: "st_lbs",
      default_measurement_unit: "ft_in",
      date_format: "DD/MM/YYYY",
      show_net_carbs: true,
      time_format: "h:mm a",
      timezone: "Europe/Paris",
      energy_unit: "kcal",
    });
    const profile = await get(user.token, "/api/identity/profiles");
    expect(profile).toMatchObject({
      timezone: "Europe/Paris",
      units: { weight: "st", height: "ft_in" },
    });

    await ctx.request(
      "/api/identity/profiles",
      jsonRequest("PUT", user.token, { timezone: "Asia/Tokyo" }),
    );
    expect((await get(user.token)).timezone).toBe("Asia/Tokyo");
  });

  test("invalid values are 400 and change nothing", async () => {
    const user = await ctx.createUser();
    for (const body of [
      { default_weight_unit: "stone" },
      { timezone: "Mars/Olympus" },
      { exercise_calorie_percentage: 150 },
      { first_day_of_week: 9 },
      { show_net_carbs: "yes", date_format: "DD/MM/YYYY" },
      { meal_reminder_time: "25:00" },
      { weigh_in_reminder_time: "7:30", date_format: "DD/MM/YYYY" },
    ]) {
      const res = await ctx.request(PREFS, jsonRequest("PUT", user.token, body));
      expect(res.status).toBe(400);
    }
    expect(await get(user.token)).toMatchObject({ date_format: "YYYY-MM-DD", timezone: "UTC" });
  });

  test("habit reminders: none at first, a time of day when set, none again when cleared", async () => {
    const user = await ctx.createUser();
    expect(await get(user.token)).toMatchObject({
      meal_reminder_time: null,
      weigh_in_reminder_time: null,
    });
    const put = (body: unknown) => ctx.request(PREFS, jsonRequest("PUT", user.token, body));
    expect(
      (await put({ meal_reminder_time: "20:00", weigh_in_reminder_time: "07:30" })).status,
    ).toBe(200);
    expect(await get(user.token)).toMatchObject({
      meal_reminder_time: "20:00",
      weigh_in_reminder_time: "07:30",
    });
    expect((await put({ meal_reminder_time: null })).status).toBe(200);
    expect(await get(user.token)).toMatchObject({
      meal_reminder_time: null,
      weigh_in_reminder_time: "07:30",
    });
  });

  test("bootstrap-timezone sets the zone once; later calls and chosen zones keep it", async () => {
    const user = await ctx.createUser();
    const first = await bootstrap(user.token, "America/Chicago");
    expect(first.status).toBe(200);
    expect((await first.json()).timezone).toBe("America/Chicago");
    const second = await bootstrap(user.token, "Europe/Berlin");
    expect((await second.json()).timezone).toBe("America/Chicago");

    const chose = await ctx.createUser();
    await ctx.request(
      "/api/identity/profiles",
      jsonRequest("PUT", chose.token, { timezone: "UTC" }),
    );
    expect((await (await bootstrap(chose.token, "Asia/Tokyo")).json()).timezone).toBe("UTC");

    expect((await bootstrap(user.token, "Not/AZone")).status).toBe(400);
    expect((await bootstrap(user.token, undefined)).status).toBe(400);
  });

  test("bootstrap works with an API key, as the phone app may call it", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    const res = await bootstrap(key, "Australia/Sydney");
    expect(res.status).toBe(200);
    expect((await res.json()).timezone).toBe("Australia/Sydney");
  });

  test("a delegate reads the owner's settings with a profile grant, and changes nothing", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    await grant(ctx, owner, delegate, { can_view_reports: true });
    await ctx.request(PREFS, jsonRequest("PUT", owner.token, { date_format: "MM/DD/YYYY" }));
    const read = await actingFor(ctx, delegate, owner, PREFS);
    expect((await read.json()).date_format).toBe("MM/DD/YYYY");
    const put = await actingFor(ctx, delegate, owner, PREFS, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ date_format: "YYYY-MM-DD" }),
    });
    expect(put.status).toBe(403);
    const boot = await actingFor(ctx, delegate, owner, `${PREFS}/bootstrap-timezone`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ timezone: "Asia/Tokyo" }),
    });
    expect(boot.status).toBe(403);
    expect(await get(owner.token)).toMatchObject({ date_format: "MM/DD/YYYY", timezone: "UTC" });
  });
});
