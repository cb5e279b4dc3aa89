import { describe, expect, test } from "bun:test";
import { bearer, jsonRequest } from "../helpers/test-app.ts";
import { contractContext, createContractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import {
  AUTH_SETTINGS,
  AUTH_SETTINGS_EMAIL,
  AUTH_SETTINGS_OIDC,
  expectShape,
  MFA_FACTORS,
  SIGN_IN_ANSWER,
  SIGN_IN_USER,
  USER_PREFERENCES,
  USER_PROFILE,
} from "./shapes.ts";

// The phone app's sign-in screen and connection calls, with its own payloads.
// Behind a proxy under a path: the origin is the scheme and host only.
const ctx = contractContext({ SERVICE_FITNESS_PUBLIC_URL: "https://fitness.example.test/app/" });

describe("phone app: connecting", () => {
  test("settings name the trusted origin; it is absent when no public URL is set", async () => {
    const settings = await (await ctx.request("/api/auth/settings")).json();
    expect(settings.trusted_origin).toBe("https://fitness.example.test");
    expectShape(settings, AUTH_SETTINGS, "auth settings");
    expectShape(settings.email, AUTH_SETTINGS_EMAIL, "auth settings email");
    expectShape(settings.oidc, AUTH_SETTINGS_OIDC, "auth settings oidc");
    const plain = await createContractContext();
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
    expectShape(body, SIGN_IN_ANSWER, "sign-in");
    expectShape(body.user, SIGN_IN_USER, "sign-in user");
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
      const factors = await res.json();
      expectShape(factors, MFA_FACTORS, "mfa-factors");
      expect(factors).toEqual({ mfa_totp_enabled: false, mfa_email_enabled: false });
    }
  });
});

for (const credential of CREDENTIALS) {
  describe(`phone app: connection check, preferences, profile (${credential})`, () => {
    test("identity/user answers 200: the app's connection check", async () => {
      const as = await appUser(ctx, credential);
      const res = await appCall(ctx, as, "GET", "/api/identity/user");
      expect(res.status).toBe(200);
    });

    test("preferences and bootstrap answer UserPreferences, with timezone", async () => {
      const as = await appUser(ctx, credential);
      const boot = await appCall(ctx, as, "POST", "/api/user-preferences/bootstrap-timezone", {
        timezone: "Europe/Berlin",
      });
      expectShape(boot.body, USER_PREFERENCES, "bootstrap-timezone");
      expect(boot.body.timezone).toBe("Europe/Berlin");
      const read = await appCall(ctx, as, "GET", "/api/user-preferences");
      expectShape(read.body, USER_PREFERENCES, "GET user-preferences");
      const put = await appCall(ctx, as, "PUT", "/api/user-preferences", {
        default_weight_unit: "lbs",
        water_display_unit: "oz",
      });
      expectShape(put.body, USER_PREFERENCES, "PUT user-preferences");
      expect(put.body).toMatchObject({ default_weight_unit: "lbs", water_display_unit: "oz" });
    });

    test("the profile answers UserProfile", async () => {
      const user = await ctx.createUser("Pat");
      const key = credential === "session" ? user.token : await ctx.createApiKey(user.id);
      const profile = await appCall(ctx, { user, bearer: key }, "GET", "/api/identity/profiles");
      expectShape(profile.body, USER_PROFILE, "profile");
      expect(profile.body).toMatchObject({ id: user.id, full_name: "Pat" });
    });
  });
}
