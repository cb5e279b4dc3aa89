import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { expectShape, USER_PREFERENCES, USER_PROFILE } from "./shapes.ts";

// The phone app's sign-in screen and connection calls, with its own payloads.
let ctx: TestContext;
beforeAll(async () => {
  // Behind a proxy under a path: the origin is the scheme and host only.
  ctx = await createTestContext({
    SERVICE_FITNESS_PUBLIC_URL: "https://fitness.example.test/app/",
  });
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

describe("phone app: connecting", () => {
  test("settings name the trusted origin; it is absent when no public URL is set", async () => {
    const settings = await (await ctx.request("/api/auth/settings")).json();
    expect(settings.trusted_origin).toBe("https://fitness.example.test");
    const plain = await createTestContext();
    try {
      expect(await (await plain.request("/api/auth/settings")).json()).not.toHaveProperty(
        "trusted_origin",
      );
    } finally {
      await plain.close();
    }
  });

  test("password sign-in answers {token, user: {email, role}}; the token opens identity/user", async () => {
    const user = await ctx.createUser();
    const res = await ctx.request("/api/auth/sign-in/email", {
      ...jsonRequest("POST", null, { email: user.email, password: user.password }),
      headers: { "Content-Type": "application/json", Origin: "https://fitness.example.test" },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(typeof body.token).toBe("string");
    expect(body.user).toMatchObject({ email: user.email, role: "user" });
    expect((await ctx.request("/api/identity/user", { headers: bearer(body.token) })).status).toBe(
      200,
    );
  });

  test("mfa-factors answers both false, for known and unknown emails alike", async () => {
    const user = await ctx.createUser();
    for (const email of [user.email, "nobody@example.test"]) {
      const res = await ctx.request(`/api/auth/mfa-factors?email=${encodeURIComponent(email)}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ mfa_totp_enabled: false, mfa_email_enabled: false });
    }
  });

  test("an API key is a connection check too", async () => {
    const user = await ctx.createUser();
    const key = await ctx.createApiKey(user.id);
    expect((await ctx.request("/api/identity/user", { headers: bearer(key) })).status).toBe(200);
  });

  test("preferences and bootstrap answer UserPreferences, with timezone", async () => {
    const user = await ctx.createUser();
    const boot = await ctx.request(
      "/api/user-preferences/bootstrap-timezone",
      jsonRequest("POST", user.token, { timezone: "Europe/Berlin" }),
    );
    expectShape(await boot.json(), USER_PREFERENCES, "bootstrap-timezone");
    const read = await (
      await ctx.request("/api/user-preferences", { headers: bearer(user.token) })
    ).json();
    expectShape(read, USER_PREFERENCES, "GET user-preferences");
    const put = await ctx.request(
      "/api/user-preferences",
      jsonRequest("PUT", user.token, { default_weight_unit: "lbs", water_display_unit: "oz" }),
    );
    const written = await put.json();
    expectShape(written, USER_PREFERENCES, "PUT user-preferences");
    expect(written).toMatchObject({ default_weight_unit: "lbs", water_display_unit: "oz" });
  });

  test("the profile answers UserProfile", async () => {
    const user = await ctx.createUser("Pat");
    const profile = await (
      await ctx.request("/api/identity/profiles", { headers: bearer(user.token) })
    ).json();
    expectShape(profile, USER_PROFILE, "profile");
    expect(profile).toMatchObject({ id: user.id, full_name: "Pat" });
  });
});
