import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: BinaryServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);

describe.skipIf(!runBrowserTests)("the trackers", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url, { width: 390, colorScheme: "dark" });
    await user.page.goto(`${server.url}/#/trackers/${today}`);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("logs water with the glass buttons and takes one back", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "+ 500 ml" }).click();
    await page.getByText("500 ml", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Take back 250 ml" }).click();
    await page.getByText("250 ml", { exact: true }).waitFor();
  });

  test("starts and ends a fast", async () => {
    const { page } = user;
    await page.getByLabel("Plan").selectOption("16:8");
    await page.getByRole("button", { name: "Start fast" }).click();
    await page.getByRole("timer", { name: "Time fasted" }).waitFor();
    await page.getByRole("button", { name: "End fast" }).click();
    await page.getByText(/^16:8 · \d/).waitFor();
    // Its day in the user's date format (year first), not the browser's (11/29/2026).
    const row = page.locator(".key-row").filter({ hasText: /16:8 · \d/ });
    expect(await row.textContent()).toContain(today);
    const [fast] = await user.call("GET", "/api/fasting/history");
    expect(fast.status).toBe("COMPLETED");
  });

  test("records sleep, mood, a vital and a custom measurement", async () => {
    const { page } = user;
    await page.getByText("Enter a night by hand").click();
    await page.getByRole("button", { name: "Save night" }).click();
    await page.getByText(/8 h 00 min.* asleep/).waitFor();
    await page.locator(".mood-scale label").nth(7).click();
    await page.getByRole("button", { name: "Save mood" }).click();
    await page.getByText("Mood saved.").waitFor();
    await page.getByLabel("Systolic (mmHg)").fill("120");
    await page.getByLabel("Diastolic (mmHg)").fill("80");
    await page.getByRole("button", { name: "Save reading" }).click();
    await page.getByText(/120\/80 mmHg/).waitFor();
    await page.getByText("Add a measurement").click();
    await page.getByLabel("Name", { exact: true }).fill("Waist at navel");
    await page.getByLabel("Unit").fill("cm");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByLabel("Waist at navel (cm)").fill("84");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/measurements/custom-entries") && r.status() === 200,
    );
    await page.getByRole("button", { name: "Save Waist at navel" }).click();
    await saved;
    const [entry] = await user.call("GET", `/api/measurements/custom-entries/${today}`);
    expect(Number(entry.value)).toBe(84);
    const [mood] = await user.call("GET", `/api/mood?date=${today}`);
    expect(mood.mood_value).toBe(8);
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});
