import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { makeAdmin } from "../helpers/accounts.ts";
import { jsonRequest } from "../helpers/test-app.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests, watchErrors } from "./browser.ts";
import { leftoversShown } from "./language-check.ts";
import { dayBefore, signUpOverApi } from "./seed.ts";

type Call = Awaited<ReturnType<typeof signUpOverApi>>["call"];
const today = new Date().toISOString().slice(0, 10);
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/**
 * Something on every card of the foods, goals, health, reports and trackers screens. The
 * person's own words are German or names, never an English label, so that any English left
 * on a screen is the client's.
 */
async function seedScreens(call: Call) {
  await call("PUT", "/api/identity/profiles", {
    timezone: "UTC",
    height: 168,
    sex: "female",
    date_of_birth: "1990-05-15",
  });
  for (const [n, weight] of [
    [20, 66],
    [10, 65.4],
    [0, 65],
  ] as const)
    await call("POST", "/api/measurements/check-in", { entry_date: dayBefore(today, n), weight });
  await call("POST", "/api/goals/manage-timeline", {
    calories: 1800,
    protein: 110,
    water_goal_ml: 2000,
    target_exercise_duration_minutes: 30,
    sodium: 2000,
    target_weight: 62,
    start_date: today,
  });
  const preset = await call("POST", "/api/goal-presets", {
    preset_name: "Ruhetag",
    calories: 1700,
  });
  await call("POST", "/api/weekly-goal-plans", {
    plan_name: "Wochenplan",
    start_date: today,
    is_active: true,
    monday_preset_id: preset.id,
  });
  const food = await call("POST", "/api/foods", {
    name: "Skyr natur",
    brand: "Hofmolkerei",
    barcode: "5012345678900",
    default_variant: {
      serving_size: 150,
      serving_unit: "g",
      calories: 95,
      protein: 16,
      carbs: 6,
      fat: 0.3,
    },
  });
  await call("POST", "/api/foods/food-variants", {
    food_id: food.id,
    serving_size: 500,
    serving_unit: "g",
    calories: 315,
    protein: 55,
    carbs: 20,
    fat: 1,
  });
  await call("POST", "/api/meals", {
    name: "Frühstück A",
    foods: [{ food_id: food.id, variant_id: food.default_variant.id, quantity: 150, unit: "g" }],
  });
  // A dose taken today, another still due.
  for (const [name, time, taken] of [
    ["Ferrum 100", "00:01", true],
    ["Magnesiumcitrat", "00:02", false],
  ] as const) {
    const med = await call("POST", "/api/v2/medications", {
      name,
      dose_amount: 1,
      dose_unit: "Tbl.",
      is_supplement: !taken,
    });
    const schedule = await call("POST", `/api/v2/medications/${med.id}/schedules`, {
      schedule_type_id: "daily",
      time_of_day: time,
      start_date: dayBefore(today, 3),
    });
    if (taken)
      await call("POST", "/api/v2/medications/entries", {
        medication_id: med.id,
        schedule_id: schedule.id,
        scheduled_for: `${today}T${time}:00.000Z`,
        status: "taken",
      });
  }
  for (const start of [65, 37, 9])
    await call("POST", "/api/v2/cycle/cycles", {
      start_date: dayBefore(today, start),
      end_date: dayBefore(today, start - 4),
    });
  await call("POST", "/api/measurements/water-intake", { entry_date: today, water_ml: 750 });
  const fast = await call("POST", "/api/fasting/start", { fasting_type: "OMAD" });
  await call("POST", "/api/fasting/end", { id: fast.id });
  await call("POST", "/api/fasting/start", { fasting_type: "16:8" });
  await call("POST", "/api/sleep", {
    bedtime: `${dayBefore(today, 1)}T23:00:00Z`,
    wake_time: `${today}T06:30:00Z`,
    entry_date: today,
    stage_events: [
      ["light", "23:00", "00:30"],
      ["deep", "00:30", "02:00"],
      ["rem", "02:00", "03:00"],
      ["awake", "03:00", "03:10"],
      ["light", "03:10", "06:30"],
    ].map(([stage, start, end]) => ({
      stage,
      start_time: `${start! < "12" ? today : dayBefore(today, 1)}T${start}:00Z`,
      end_time: `${end! < "12" ? today : dayBefore(today, 1)}T${end}:00Z`,
    })),
  });
  await call("POST", "/api/mood", { entry_date: today, mood_value: 7, tags: [], notes: null });
  await call("POST", "/api/vitals", {
    entry_date: today,
    systolic_mmhg: 118,
    diastolic_mmhg: 76,
    pulse_bpm: 61,
    spo2_percent: 98,
  });
  await call("POST", "/api/measurements/custom-categories", {
    name: "Taille",
    unit: "cm",
    frequency: "Daily",
  });
}

/** A pregnancy with a kick session, two timed contractions, a to-do and an appointment. */
async function seedPregnancy(call: Call) {
  const { id } = await call("POST", "/api/v2/pregnancy", { lmp_date: dayBefore(today, 73) });
  await call("POST", "/api/v2/pregnancy/kicks", {
    pregnancy_id: id,
    started_at: at(90),
    ended_at: at(70),
    kick_count: 5,
  });
  for (const [start, end] of [
    [30, 29],
    [22, 21],
  ]) {
    const c = await call("POST", "/api/v2/pregnancy/contractions", {
      pregnancy_id: id,
      started_at: at(start!),
    });
    await call("PUT", `/api/v2/pregnancy/contractions/${c.id}`, { ended_at: at(end!) });
  }
  await call("PUT", "/api/v2/pregnancy/checklist", {
    pregnancy_id: id,
    week: 12,
    custom_title: "Kliniktasche packen",
  });
  await call("POST", "/api/v2/pregnancy/appointments", {
    pregnancy_id: id,
    title: "Hebamme",
    scheduled_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  });
}

/** Each screen, with what shows once its data has loaded. */
const SCREENS: [string, string][] = [
  ["/foods", "text=Skyr natur"],
  ["/foods/meals", "text=Frühstück A"],
  ["/goals", "text=Wochenplan"],
  ["/health/medications", "text=Magnesiumcitrat"],
  ["/health/cycle", ".stat"],
  ["/reports/90", ".heatmap rect"],
  ["/trackers", "text=Taille"],
];
const PREGNANT: [string, string][] = [
  ["/health/pregnancy", "text=Hebamme"],
  ["/health/cycle", ".notice.paused"],
];

/** Console errors but the expected one: the food has no contribution yet, its answer a 404. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/\/off-contribution$|status of 404 \(Not Found\)$/.test(e));

/** Opens a screen, every folded part of it and, on Foods, a food's form and contribution. */
async function openScreen(page: Page, url: string, screen: string, marker: string) {
  await page.goto(`${url}/#${screen}`);
  await page.locator("main h1").first().waitFor();
  await page.locator(marker).first().waitFor();
  if (screen === "/foods") {
    const row = page.locator(".food-row").first();
    await row.locator(".link-button").nth(1).click(); // edit: the form and its servings
    await row.locator(".link-button").nth(2).click(); // contribute to Open Food Facts
    await page.locator(".contribution .hint").waitFor();
  }
  await page.waitForFunction(() => !document.querySelector(".placeholder"));
  await page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
  });
}

async function visitAll(page: Page, url: string, locale: string, screens: [string, string][]) {
  const found: string[] = [];
  for (const [screen, marker] of screens) {
    await openScreen(page, url, screen, marker);
    found.push(...(await leftoversShown(page, locale, screen)));
  }
  return found;
}

describe.skipIf(!runBrowserTests)(
  "foods, goals, health, reports and trackers in the user's language",
  () => {
    let server: AppServer;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
      // Contributions to Open Food Facts on, so Foods shows the contribution's steps too.
      const admin = await server.ctx.createUser();
      await makeAdmin(server.ctx, admin.id);
      const enabled = await server.ctx.request(
        "/api/admin/off-contributions",
        jsonRequest("PUT", admin.token, { enabled: true }),
      );
      expect(enabled.status).toBe(200);
    }, 120_000);

    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      await server?.stop();
    });

    /** A new account with data on every screen, in a browser whose language is `browserLocale`. */
    async function open(browserLocale: string, preference?: string) {
      const account = await signUpOverApi(server.url, "Ada Lovelace");
      await seedScreens(account.call);
      if (preference) await account.call("PUT", "/api/user-preferences", { language: preference });
      const context = await browser.newContext({ locale: browserLocale, timezoneId: "UTC" });
      contexts.push(context);
      await context.addCookies([
        { name: "fitness_session", value: account.token, url: server.url },
      ]);
      const page = await context.newPage();
      return { page, errors: watchErrors(page), account };
    }

    /** Every screen, then again with a pregnancy tracked: no English label anywhere. */
    async function checkAll(locale: string, page: Page, call: Call) {
      expect(await visitAll(page, server.url, locale, SCREENS)).toEqual([]);
      await seedPregnancy(call);
      expect(await visitAll(page, server.url, locale, PREGNANT)).toEqual([]);
    }

    test("German: every screen in German, with no English label", async () => {
      const { page, errors, account } = await open("de-DE");
      await checkAll("de", page, account.call);
      await page.goto(`${server.url}/#/trackers`);
      await page.getByRole("heading", { name: "Tracker", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Stimmung" }).waitFor();
      expect(unexpected(errors)).toEqual([]);
    }, 120_000);

    test("Polish: its plural forms, with no English label", async () => {
      const { page, errors, account } = await open("pl-PL");
      await checkAll("pl", page, account.call);
      // Five kicks take Polish's "many" form, one food its "one".
      await page.goto(`${server.url}/#/health/pregnancy`);
      await page.getByText("5 ruchów").waitFor();
      await page.goto(`${server.url}/#/foods`);
      await page.getByText("1 produkt", { exact: true }).waitFor();
      expect(unexpected(errors)).toEqual([]);
    }, 120_000);

    test("Arabic: right to left, charts still left to right, no English label", async () => {
      const { page, errors, account } = await open("de-DE", "ar");
      await checkAll("ar", page, account.call);
      expect(await page.getAttribute("html", "dir")).toBe("rtl");
      // The page mirrors: a card's heading ends at the card's right edge.
      await page.goto(`${server.url}/#/reports/90`);
      await page.locator(".heatmap rect").first().waitFor();
      const gap = await page
        .locator(".card h2")
        .first()
        .evaluate((heading) => {
          const text = document.createRange();
          text.selectNodeContents(heading);
          return heading.getBoundingClientRect().right - text.getBoundingClientRect().right;
        });
      expect(gap).toBeLessThan(2);
      // The activity heatmap keeps time left to right: weekdays at the left, the newest week
      // at the right, in view.
      const weekdays = await page.locator(".heatmap-weekdays").boundingBox();
      const scroller = await page.locator(".heatmap-scroll").boundingBox();
      expect(weekdays!.x).toBeLessThan(scroller!.x);
      expect(
        await page.locator(".heatmap-scroll").evaluate((e) => e.scrollLeft + e.clientWidth),
      ).toBeGreaterThanOrEqual(
        await page.locator(".heatmap-scroll").evaluate((e) => e.scrollWidth - 1),
      );
      // Five kicks take Arabic's "few" form.
      await page.goto(`${server.url}/#/health/pregnancy`);
      await page.getByText(/ركلات/).first().waitFor();
      expect(unexpected(errors)).toEqual([]);
    }, 120_000);
  },
);
