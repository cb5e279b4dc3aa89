/** The filling steps, in order; each uses only the old server's HTTP API. */
import { writeFileSync } from "node:fs";
import { Secret, TOTP } from "otpauth";
import { imageForm, png } from "./client.ts";
import { PEOPLE } from "./people.ts";
import type { Person, World } from "./fill.ts";
import { nutritionSteps } from "./steps-nutrition.ts";
import { exerciseSteps } from "./steps-exercise.ts";
import { healthSteps } from "./steps-health.ts";
import { dailySteps } from "./steps-daily.ts";
import { moreSteps } from "./steps-more.ts";

const PREFS = {
  ava: {
    energy_unit: "kJ",
    default_weight_unit: "kg",
    default_distance_unit: "km",
    water_display_unit: "ml",
    date_format: "DD/MM/YYYY",
  },
  ben: {
    energy_unit: "kcal",
    default_weight_unit: "lbs",
    default_distance_unit: "miles",
    default_measurement_unit: "inches",
    water_display_unit: "oz",
    date_format: "MM/DD/YYYY",
  },
  chitra: {
    energy_unit: "kcal",
    default_weight_unit: "kg",
    default_distance_unit: "km",
    water_display_unit: "liter",
    date_format: "DD/MM/YYYY",
  },
  dev: {
    energy_unit: "kJ",
    default_weight_unit: "st_lbs",
    default_distance_unit: "miles",
    water_display_unit: "ml",
    date_format: "YYYY-MM-DD",
  },
  ella: {
    energy_unit: "kcal",
    default_weight_unit: "kg",
    default_distance_unit: "km",
    water_display_unit: "ml",
    date_format: "DD/MM/YYYY",
  },
  finn: {
    energy_unit: "kcal",
    default_weight_unit: "kg",
    default_distance_unit: "km",
    water_display_unit: "ml",
    date_format: "DD/MM/YYYY",
  },
} as const;

async function profile(w: World) {
  for (const p of Object.values(w)) {
    await p.s.post("/api/user-preferences/bootstrap-timezone", {
      timezone: PEOPLE[p.key].timezone,
    });
    await p.s.put("/api/user-preferences", { ...PREFS[p.key], timezone: PEOPLE[p.key].timezone });
  }
  const { ava, ben, chitra, dev } = w;
  await ava.s.put("/api/identity/profiles", {
    full_name: "Ava Sydney",
    date_of_birth: "1990-07-14",
    gender: "female",
    phone_number: "+61 2 5550 1234",
    bio: "Runs the Bay Run.",
  });
  await ben.s.put("/api/identity/profiles", {
    full_name: "Ben Chicago",
    date_of_birth: "1985-02-03",
    gender: "male",
    bio: "Lifts.",
  });
  await chitra.s.put("/api/identity/profiles", {
    full_name: "Chitra Kolkata",
    date_of_birth: "1994-11-21",
    gender: "female",
  });
  await dev.s.put("/api/identity/profiles", {
    full_name: "Dev London",
    date_of_birth: "1992-04-30",
    gender: "male",
  });
  // Avatars (uploads).
  await ava.s.call(
    "POST",
    "/api/identity/profiles/avatar",
    imageForm("avatar", "ava.png", png(200, 40, 40)),
  );
  await ben.s.call(
    "POST",
    "/api/identity/profiles/avatar",
    imageForm("avatar", "ben.png", png(40, 40, 200)),
  );
}

async function twoFactor(w: World) {
  const ben = w.ben;
  const enabled = await ben.s.post("/api/auth/two-factor/enable", {
    password: PEOPLE.ben.password,
  });
  const secret = new URL(enabled.totpURI).searchParams.get("secret")!;
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await ben.s.post("/api/auth/two-factor/verify-totp", { code });
  writeFileSync("/tmp/sparky/totp-secret.txt", secret);
  writeFileSync("/tmp/sparky/backup-codes.json", JSON.stringify(enabled.backupCodes));
  console.log(`     ben's TOTP secret ${secret}`);
}

async function apiKeys(w: World) {
  const key = await w.dev.s.post("/api/identity/user/generate-api-key", {
    name: "phone sync",
    permissions: {},
  });
  writeFileSync("/tmp/sparky/dev-api-key.txt", key.apiKey.key);
  console.log(`     dev's API key ${key.apiKey.key}`);
}

async function garmin(w: World) {
  for (const [p, start, end] of [
    [w.ava, "2026-03-30", "2026-04-08"], // Sydney leaves daylight saving on 2026-04-05
    [w.ben, "2026-03-05", "2026-03-10"], // Chicago starts it on 2026-03-08
  ] as [Person, string, string][]) {
    await p.s.post("/api/integrations/garmin/login", {
      email: `${p.key}@garmin.test`,
      password: "garmin-pass",
    });
    await p.s.post("/api/integrations/garmin/sync/health_and_wellness", {
      startDate: start,
      endDate: end,
    });
  }
}

async function familyGrant(w: World) {
  const { ava, ben, ella } = w;
  await ava.s.post("/api/identity/family-access", {
    family_user_id: ella.id,
    family_email: PEOPLE.ella.email,
    access_permissions: {
      can_manage_diary: true,
      can_view_food_library: true,
      can_view_reports: true,
    },
    access_end_date: "2026-01-31",
    is_active: true,
  });
  await ben.s.post("/api/identity/family-access", {
    family_user_id: ava.id,
    family_email: PEOPLE.ava.email,
    access_permissions: {
      can_manage_diary: false,
      can_view_food_library: true,
      can_manage_checkin: true,
    },
    is_active: true,
  });
}

async function aiSettings(w: World) {
  const { ava, dev } = w;
  await ava.s
    .put("/api/admin/global-settings", { allow_user_ai_config: true })
    .catch(() => undefined);
  for (const [p, services] of [
    [
      ava,
      [
        {
          service_name: "My OpenAI",
          service_type: "openai",
          api_key: "sk-ava-openai-0001",
          model_name: "gpt-4o-mini",
          is_active: true,
        },
        {
          service_name: "Gemini spare",
          service_type: "google",
          api_key: "gm-ava-0002",
          model_name: "gemini-1.5-flash",
          is_active: false,
        },
      ],
    ],
    [
      dev,
      [
        {
          service_name: "Claude",
          service_type: "anthropic",
          api_key: "sk-ant-dev-0003",
          model_name: "claude-3-5-haiku-latest",
          is_active: true,
        },
      ],
    ],
  ] as [Person, Record<string, unknown>[]][])
    for (const service_data of services)
      await p.s.post("/api/chat", { action: "save_ai_service_settings", service_data });
}

async function onboarding(w: World) {
  await w.chitra.s.post("/api/onboarding", {
    sex: "female",
    primaryGoal: "maintain",
    currentWeight: 61.5,
    height: 162,
    birthDate: "1994-11-21",
    activityLevel: "moderately_active",
    targetWeight: 58.5,
  });
}

async function disable(w: World) {
  await w.ava.s.put(`/api/admin/users/${w.finn.id}/status`, { isActive: false });
}

export const STEPS: Record<string, (w: World) => Promise<void>> = {
  profile,
  twoFactor,
  apiKeys,
  garmin,
  ...nutritionSteps,
  ...exerciseSteps,
  ...healthSteps,
  ...dailySteps,
  ...moreSteps,
  familyGrant,
  aiSettings,
  onboarding,
  disable,
};
