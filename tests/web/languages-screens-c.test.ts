import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { IntlMessageFormat } from "intl-messageformat";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startFakeModelServer, type FakeModelServer } from "../fakes/openai-compatible.ts";
import { makeAdmin } from "../helpers/accounts.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests, watchErrors } from "./browser.ts";
import { catalogue, leftoversShown } from "./language-check.ts";
import { signUpOverApi } from "./seed.ts";

/** Settings, administration and the assistant: the screens of this part of the catalogue. */
const SCREENS = [
  "/settings/two-factor",
  "/settings/passkeys",
  "/settings/reminders",
  "/settings/api-keys",
  "/settings/family",
  "/settings/assistant",
  "/settings/food-providers",
  "/settings/integrations",
  "/settings/data",
  "/admin",
  "/admin/sign-in",
  "/admin/oidc",
  "/admin/import",
  "/assistant",
];

// Names of services and products, the same in every language.
const PROPER_NAMES = ["Free Exercise DB", "Google Health", "Apple Health", "OpenID Connect"];

// The model form (components/model-fields.tsx) is converted with the other components; until
// then its labels, which the food-provider form's share, stay English on /admin.
describe("this part's plurals follow each language's rules", () => {
  const format = (locale: string, key: string, values: Record<string, number | string>) =>
    String(new IntlMessageFormat(catalogue(locale)[key]!, locale).format(values));

  test("Polish one, few and many; Arabic zero, one, two, few and many; Japanese one form", () => {
    const logged = (locale: string, count: number) => format(locale, "foodPhoto.logged", { count });
    expect(logged("pl", 1)).toBe("Zapisano 1 produkt w dzisiejszym dzienniku.");
    expect(logged("pl", 3)).toBe("Zapisano 3 produkty w dzisiejszym dzienniku.");
    expect(logged("pl", 5)).toBe("Zapisano 5 produktów w dzisiejszym dzienniku.");
    expect(logged("pl", 22)).toBe("Zapisano 22 produkty w dzisiejszym dzienniku.");
    expect(logged("ar", 0)).toBe("لم يُسجَّل أي طعام في يوميات اليوم.");
    expect(logged("ar", 1)).toBe("سُجّل طعام واحد في يوميات اليوم.");
    expect(logged("ar", 2)).toBe("سُجّل طعامان في يوميات اليوم.");
    expect(logged("ar", 3)).toBe("سُجّلت 3 أطعمة في يوميات اليوم.");
    expect(logged("ar", 11)).toBe("سُجّل 11 طعامًا في يوميات اليوم.");
    expect(logged("ja", 1)).toBe("今日の食事記録に 1 品を記録しました。");
    expect(format("en", "foodPhoto.logged", { count: 1 })).toBe("Logged 1 food in today's diary.");
    expect(format("en", "foodProviders.answered", { name: "USDA", count: 1200 })).toBe(
      "USDA answered (1,200 results for “apple”).",
    );
    expect(
      format("de", "yourData.readUnchanged", { read: 2000, written: 2, unchanged: 0, skipped: 0 }),
    ).toBe("2.000 gelesen: 2 geschrieben, 0 schon vorhanden, 0 übersprungen.");
  });
});

describe.skipIf(!runBrowserTests)(
  "weeks, settings, admin and the assistant in the user's language",
  () => {
    let server: AppServer;
    let browser: Browser;
    let model: FakeModelServer;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
      // A server model, so the assistant's screen shows (not its "no model yet" notice).
      model = startFakeModelServer();
      const admin = await server.ctx.createUser("Grace Hopper");
      await makeAdmin(server.ctx, admin.id);
      const answer = await fetch(`${server.url}/api/admin/chat/settings`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          provider: "openai-compatible",
          base_url: model.baseUrl,
          model: "test-model",
          api_key: "sk-test",
          allow_private_network: true,
        }),
      });
      expect(answer.status).toBe(200);
    }, 120_000);

    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
      model?.stop();
      await server?.stop();
    });

    /** A browser whose languages are `browserLocale`, signed in as a new account. */
    async function open(browserLocale: string, preferences: Record<string, unknown> = {}) {
      const account = await signUpOverApi(server.url, "Ada Lovelace");
      await account.call("PUT", "/api/identity/profiles", { timezone: "UTC", height: 170 });
      if (Object.keys(preferences).length)
        await account.call("PUT", "/api/user-preferences", preferences);
      const context = await browser.newContext({ locale: browserLocale, timezoneId: "UTC" });
      contexts.push(context);
      await context.addCookies([
        { name: "fitness_session", value: account.token, url: server.url },
      ]);
      const page = await context.newPage();
      return { page, errors: watchErrors(page), account };
    }

    /** The workouts calendar's weekday headings, and how many blank days lead its first week. */
    async function calendarWeek(page: Page) {
      await page.goto(`${server.url}/#/workouts`);
      const calendar = page.locator("table.calendar");
      await calendar.waitFor();
      const headings = await calendar.locator("thead th").allInnerTexts();
      const firstWeek = calendar.locator("tbody tr").first().locator("td");
      let lead = 0;
      while ((await firstWeek.nth(lead).innerText()).trim() === "") lead++;
      return { headings, lead };
    }

    /** Weekday `day` (0 Sunday) as the page's browser names it in `locale`. */
    const weekday = (page: Page, locale: string, day: number) =>
      page.evaluate(
        ([tag, n]) => new Date(2024, 0, 7 + n).toLocaleDateString(tag, { weekday: "short" }),
        [locale, day] as const,
      );

    /** How many days this month's first day sits after the week's first day. */
    const leadDays = (firstDay: number) => {
      const now = new Date();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).getUTCDay();
      return (first - firstDay + 7) % 7;
    };

    test("weeks start on the locale's first day: Monday in German, Sunday in US English", async () => {
      const german = await open("de-DE", { language: "de" });
      const de = await calendarWeek(german.page);
      expect(de.headings[0]).toBe(await weekday(german.page, "de", 1));
      expect(de.headings[6]).toBe(await weekday(german.page, "de", 0));
      expect(de.lead).toBe(leadDays(1));

      const american = await open("en-US");
      const us = await calendarWeek(american.page);
      expect(us.headings[0]).toBe(await weekday(american.page, "en", 0));
      expect(us.lead).toBe(leadDays(0));
      expect([...german.errors, ...american.errors]).toEqual([]);
    }, 90_000);

    test("the account's own first day of the week beats the locale's", async () => {
      // Saturday chosen (imported from SparkyFitness, say) by someone reading US English.
      const { page, errors } = await open("en-US", { first_day_of_week: 6 });
      const week = await calendarWeek(page);
      expect(week.headings[0]).toBe(await weekday(page, "en", 6));
      expect(week.lead).toBe(leadDays(6));
      expect(errors).toEqual([]);
    }, 60_000);

    /** An administrator with an API key (so its list has a row) visits every screen. */
    async function visitScreens(locale: string, browserLocale: string) {
      const { page, errors, account } = await open(browserLocale, { language: locale });
      const { activeUserId } = await account.call("GET", "/api/identity/user");
      await makeAdmin(server.ctx, activeUserId);
      await account.call("POST", "/api/identity/user/generate-api-key", {
        name: "Phone",
        permissions: ["health_data_write"],
      });
      const found: string[] = [];
      for (const screen of SCREENS) {
        await page.goto(`${server.url}/#${screen}`);
        await page.locator("main h1").first().waitFor();
        await page.locator(".placeholder").first().waitFor({ state: "detached" });
        found.push(...(await leftoversShown(page, locale, screen, PROPER_NAMES)));
      }
      return { page, errors, found };
    }

    test("German: settings, administration and the assistant with no English label", async () => {
      const { page, errors, found } = await visitScreens("de", "de-DE");
      expect(found).toEqual([]);
      await page.getByRole("heading", { name: "Assistent", level: 1 }).waitFor();
      await page.getByPlaceholder("Frag nach deinen Daten oder trag etwas ein").waitFor();
      expect(errors).toEqual([]);
    }, 120_000);

    test("Arabic, right to left: the same screens with no English label", async () => {
      const { page, errors, found } = await visitScreens("ar", "de-DE");
      expect(found).toEqual([]);
      expect(await page.getAttribute("html", "dir")).toBe("rtl");
      await page.goto(`${server.url}/#/admin`);
      await page.getByRole("columnheader", { name: "المستخدم" }).waitFor();
      expect(errors).toEqual([]);
    }, 120_000);

    test("Japanese: the same screens with no English label", async () => {
      const { page, errors, found } = await visitScreens("ja", "ja-JP");
      expect(found).toEqual([]);
      await page.goto(`${server.url}/#/settings/api-keys`);
      await page.getByRole("button", { name: "取り消す Phone" }).waitFor();
      expect(errors).toEqual([]);
    }, 120_000);
  },
);
