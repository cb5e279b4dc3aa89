import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { totpCode } from "../helpers/two-factor.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests, seriousViolations, watchErrors } from "./browser.ts";
import { runRecord, signUpOverApi } from "./seed.ts";

// A new user's first week, from an empty server, on a phone in US units and on a desktop in
// metric ones: what they type is what is stored, and what they see adds up.
const JOURNEYS = [
  { width: 390, system: "imperial" },
  { width: 1280, system: "metric" },
] as const;

const dayOffset = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const today = dayOffset(0);

for (const { width, system } of JOURNEYS) {
  const phone = width < 700;
  const imperial = system === "imperial";

  describe.skipIf(!runBrowserTests)(`a new user at ${width} px in ${system} units`, () => {
    let server: AppServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let token = "";
    const email = `${crypto.randomUUID()}@example.test`;

    /** The signed-in user's own API calls, with the browser's session as a bearer token. */
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      return response.json();
    };

    /** Opens a place as a person would: the top bar, or the tab bar and "More" on a phone. */
    const go = async (where: Page, label: string) => {
      if (!phone) {
        const main = where.getByRole("navigation", { name: "Main" });
        return main.getByRole("link", { name: label, exact: true }).click();
      }
      const tabs = where.getByRole("navigation", { name: "Tabs" });
      const tab = tabs.getByRole("link", { name: label, exact: true });
      if (await tab.count()) return tab.click();
      await tabs.getByRole("link", { name: "More" }).click();
      await where.getByRole("main").getByRole("link", { name: label, exact: true }).click();
    };

    const fitsTheScreen = async (where: Page = page) => {
      const wide = await where.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(width);
    };
    const accessible = async () => expect(await seriousViolations(page)).toEqual([]);

    beforeAll(async () => {
      [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
      context = await browser.newContext({ viewport: { width, height: 850 }, timezoneId: "UTC" });
      page = await context.newPage();
      errors = watchErrors(page);
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    test("signs up as the new server's administrator and onboards in their units", async () => {
      await page.goto(server.url);
      await page.getByRole("button", { name: "Create an account" }).click();
      await page.getByLabel("Name").fill("Jo New");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("correct horse battery");
      await page.getByRole("button", { name: "Create account" }).click();
      await page.getByRole("heading", { name: /Welcome/ }).waitFor();
      await page.getByLabel("Units").selectOption(system);
      await page.getByLabel("Time zone").selectOption("UTC");
      await page.getByLabel("Date of birth").fill("1990-05-15");
      await page.getByLabel("Sex").selectOption("male");
      if (imperial) {
        await page.getByLabel("Feet (ft)").fill("5");
        await page.getByLabel("Inches (in)").fill("10");
        expect(await page.getByLabel("Water").inputValue()).toBe("oz");
      } else {
        await page.getByLabel("Height (cm)").fill("178");
      }
      await fitsTheScreen();
      await accessible();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Activity level").selectOption("moderate");
      await page.getByLabel("Calories (kcal)").fill("2200");
      await page.getByRole("button", { name: "Finish" }).click();
      await page.getByRole("heading", { name: "Today", exact: true }).waitFor();
      // The profile and a goal of their own are done; a weigh-in and a meal are next.
      await page.getByRole("heading", { name: "First steps: 2 of 4 done" }).waitFor();
      await page.getByRole("link", { name: "Weigh in" }).waitFor();
      await accessible();
      const cookie = (await context.cookies()).find((c) => c.name === "fitness_session")!;
      token = cookie.value;

      // 5 ft 10 in is 70 inches: 177.8 cm, not 178 inches refused, nor 70 cm.
      const profile = await api("GET", "/api/identity/profiles");
      expect(profile.height).toBe(imperial ? 177.8 : 178);
      expect(profile.units.height).toBe(imperial ? "inches" : "cm");
      // The first account of a new server administers it.
      await go(page, "Admin");
      await page
        .getByRole("heading", { name: /Users|Admin/ })
        .first()
        .waitFor();
      await fitsTheScreen();
    });

    test("the profile shows back the height as it was typed", async () => {
      await go(page, "Settings");
      if (phone) await page.getByRole("link", { name: "Profile" }).click();
      if (imperial) {
        expect(await page.getByLabel("Feet (ft)").inputValue()).toBe("5");
        expect(await page.getByLabel("Inches (in)").inputValue()).toBe("10");
      } else {
        expect(await page.getByLabel("Height (cm)").inputValue()).toBe("178");
      }
      await fitsTheScreen();
    });

    test("a first check-in: one point, charted within the days around it", async () => {
      await go(page, "Check-ins");
      await page.getByLabel(imperial ? "Weight (lb)" : "Weight (kg)").fill(imperial ? "176" : "80");
      await page.getByRole("button", { name: "Save check-in" }).click();
      await page.getByText("Check-in saved.").waitFor();
      const stored = await api("GET", `/api/measurements/check-in/${today}`);
      expect(stored.weight).toBeCloseTo(imperial ? 79.83 : 80, 1);
      const around = `${dayOffset(-1)}/${dayOffset(1)}`;
      const chart = page.locator('.chart[aria-label^="Weight in"]');
      await page.waitForFunction(() =>
        document.querySelector('.chart[aria-label^="Weight in"]')?.getAttribute("data-days"),
      );
      expect(await chart.getAttribute("data-days")).toBe(around);
      await fitsTheScreen();
      await go(page, "Today");
      const todayChart = page.locator('.chart[aria-label^="Weight in"]');
      await page.waitForFunction(() =>
        document.querySelector('.chart[aria-label^="Weight in"]')?.getAttribute("data-days"),
      );
      expect(await todayChart.getAttribute("data-days")).toBe(around);
      await fitsTheScreen();
    });

    test("two-step verification: each field holds what it should", async () => {
      await go(page, "Settings");
      await page.getByRole("link", { name: "Two-step verification" }).click();
      await page.getByLabel("Password").fill("correct horse battery");
      await page.getByRole("button", { name: "Set up" }).click();
      const code = page.getByLabel("Code from the app");
      await code.waitFor();
      expect(await code.inputValue()).toBe("");
      expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
      await page.getByText("Can't scan? Type this key into the app").click();
      const key = (await page.locator(".manual-key").innerText()).replaceAll(" ", "");
      expect(key).toMatch(/^[A-Z2-7]{16,}$/);
      expect(await page.getByRole("list", { name: "Backup codes" }).locator("li").count()).toBe(10);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download codes" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("fitness-backup-codes.txt");
      await fitsTheScreen();
      await accessible();
      await code.fill(totpCode(`otpauth://totp/fitness:${email}?secret=${key}`));
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByText("Two-step verification is on.").waitFor();
      await page.getByRole("button", { name: "Turn off" }).waitFor();
      const password = page.getByLabel("Password");
      expect(await password.inputValue()).toBe("");
      expect(await password.getAttribute("autocomplete")).toBe("current-password");
      expect(await page.getByLabel("Current code").inputValue()).toBe("");
    });

    test("the energy budget adds up on the diary and Today; a goal weight gets a date", async () => {
      const food = await api("POST", "/api/foods", {
        name: "Test porridge",
        serving_size: 100,
        serving_unit: "g",
        calories: 500,
        protein: 10,
        carbs: 80,
        fat: 10,
      });
      await api("POST", "/api/food-entries", {
        food_id: food.id,
        quantity: 100,
        unit: "g",
        meal_type: "breakfast",
        entry_date: today,
      });
      await api("POST", "/api/health-data", [runRecord(`${today}T06:00:00.000Z`)]);
      const budget = "Goal2,200−Food500+Exercise250=Remaining (kcal)1,950";
      await go(page, "Diary");
      const diary = page.locator(".energy-budget");
      await diary.waitFor();
      expect((await diary.innerText()).replace(/\s/g, "")).toBe(budget.replace(/\s/g, ""));
      await fitsTheScreen();
      await accessible();
      await go(page, "Today");
      const summary = page.locator(".energy-budget");
      await summary.waitFor();
      expect((await summary.innerText()).replace(/\s/g, "")).toBe(budget.replace(/\s/g, ""));
      // Weighed in and a meal logged: the first steps are all done and their list is gone.
      expect(await page.getByRole("heading", { name: /First steps/ }).count()).toBe(0);

      await go(page, "Goals");
      await page.getByText(/Mifflin-St Jeor/).waitFor();
      await page
        .getByLabel(imperial ? "Goal weight (lb)" : "Goal weight (kg)")
        .fill(imperial ? "165" : "75");
      await page.getByLabel("Weekly change").selectOption({ index: 2 });
      await page.getByText(/goal weight around/).waitFor();
      await page.getByRole("button", { name: "Use this goal" }).click();
      await page.getByText("Your calorie goal is saved from today.").waitFor();
      await fitsTheScreen();
      await accessible();
      const goals = await api("GET", `/api/goals/for-date?date=${today}`);
      expect(goals.calories).toBeLessThan(2900);
      expect(goals.target_weight).toBeCloseTo(imperial ? 74.8 : 75, 1);
      await go(page, "Check-ins");
      await page.getByText(/reached around/).waitFor();
      expect(errors).toEqual([]);
    });

    test("a family member sees only what the grant allows", async () => {
      const delegate = await signUpOverApi(server.url, "Sam Delegate");
      await api("POST", "/api/identity/family-access", {
        delegate_email: delegate.email,
        can_manage_checkin: true,
        can_view_reports: true,
      });
      const theirs = await browser.newContext({ viewport: { width, height: 850 } });
      await theirs.addCookies([
        { name: "fitness_session", value: delegate.token, url: server.url },
      ]);
      const view = await theirs.newPage();
      await view.goto(server.url);
      if (phone) await view.getByRole("link", { name: "More" }).click();
      await view.getByRole("combobox", { name: "Data of" }).selectOption({ label: "Jo New" });
      await view.getByText(/Shared with you: check-ins.*view reports/).waitFor();
      // Cycle tracking is the owner's alone: not in the menu, and not shown at its address.
      await go(view, "Health");
      await view.getByRole("link", { name: "Medications" }).waitFor();
      expect(await view.getByRole("link", { name: "Cycle" }).count()).toBe(0);
      await view.evaluate(() => (location.hash = "#/health/cycle"));
      await view.getByRole("heading", { name: "Not shared" }).waitFor();
      await go(view, "Diary");
      await view
        .getByText("You can view this; your family access does not include changing it.")
        .waitFor();
      await view.locator(".energy-budget").waitFor();
      expect(await view.getByRole("button", { name: "Copy the day before" }).count()).toBe(0);
      await fitsTheScreen(view);
      await go(view, "Check-ins");
      await view.getByRole("button", { name: "Save check-in" }).waitFor();
      // Goals can be read through reports, not changed.
      await go(view, "Goals");
      await view.getByRole("heading", { name: "Today's goals" }).waitFor();
      expect(await view.getByRole("button", { name: "Use this goal" }).count()).toBe(0);
      await fitsTheScreen(view);
      await theirs.close();
    });
  });
}
