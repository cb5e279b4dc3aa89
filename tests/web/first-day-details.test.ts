import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { enableTotp } from "../helpers/two-factor.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

// Smaller things of a first day: focus after logging a food, every nutrient on the custom
// food form, and a way back from the two-step code screen.
let server: AppServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);

describe.skipIf(!runBrowserTests)("a first day's details", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url, { width: 390 });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("after logging a food, focus is back in the search, not on the page", async () => {
    await user.call("POST", "/api/foods", {
      name: "Rolled oats",
      serving_size: 100,
      serving_unit: "g",
      calories: 375,
      protein: 13,
      carbs: 60,
      fat: 7,
    });
    const { page } = user;
    await page.goto(`${server.url}/#/diary/${today}`);
    await page.getByRole("button", { name: "Add to breakfast" }).click();
    await page.getByRole("combobox", { name: "Search foods" }).fill("oats");
    await page.getByRole("option", { name: /Rolled oats/ }).click();
    await page.getByRole("button", { name: "Log Rolled oats" }).click();
    await page.locator(".entry", { hasText: "Rolled oats" }).waitFor();
    await page.waitForFunction(() => document.activeElement !== document.body);
    const search = page.getByRole("combobox", { name: "Search foods" });
    expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);
  });

  test("the custom food form offers every nutrient the diary tracks", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/foods`);
    await page
      .getByRole("button", { name: /New food|Create a food|Add a food/ })
      .first()
      .click();
    await page.getByText(/More nutrients/).click();
    for (const label of ["Saturated fat (g)", "Potassium (mg)", "Vitamin C (mg)", "Iron (mg)"])
      await page.getByLabel(label).waitFor();
  });

  test("goals take micronutrient targets", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/goals`);
    const timeline = page.getByRole("region", { name: "Goal timeline" });
    await timeline.getByText(/Micronutrient targets/).click();
    await timeline.getByLabel("Sodium (mg)").fill("2300");
    await timeline.getByRole("button", { name: "Save goals" }).click();
    await page
      .getByRole("region", { name: "Today's goals" })
      .getByText(/Sodium 2,300 mg/)
      .waitFor();
    const goals = await user.call("GET", `/api/goals/for-date?date=${today}`);
    expect(goals.sodium).toBe(2300);
  });

  test("the two-step code screen has a way back to sign-in", async () => {
    await enableTotp(server.ctx, { token: user.token, password: "correct horse battery" });
    const context = await browser.newContext({ viewport: { width: 390, height: 850 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Two-step verification" }).waitFor();
    await page.getByRole("button", { name: "Back to sign-in" }).click();
    await page.getByRole("heading", { name: "Sign in to fitness" }).waitFor();
    await context.close();
  });
});
