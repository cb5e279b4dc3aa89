import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests, watchErrors } from "./browser.ts";
import { signUpOverApi } from "./seed.ts";

describe.skipIf(!runBrowserTests)(
  "weeks, settings, admin and the assistant in the user's language",
  () => {
    let server: AppServer;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    }, 120_000);

    afterAll(async () => {
      for (const context of contexts) await context.close();
      await browser?.close();
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
    async function calendarWeek(page: import("playwright-core").Page) {
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
    const weekday = (page: import("playwright-core").Page, locale: string, day: number) =>
      page.evaluate(
        ([tag, n]) => new Date(2024, 0, 7 + n).toLocaleDateString(tag, { weekday: "short" }),
        [locale, day] as const,
      );

    /** How many days the month's first day sits after the week's first day. */
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
  },
);
