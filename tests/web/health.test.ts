import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: BinaryServer;
let browser: Browser;
let user: ScreenSession;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!runBrowserTests)("medications and cycle", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url, { colorScheme: "dark" });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("adds a daily medication and logs today's dose as taken", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/health/medications`);
    await page.getByText("Add a medication or supplement").click();
    await page.getByLabel("Name").fill("Vitamin D");
    await page.getByLabel("Dose", { exact: true }).fill("1");
    await page.getByLabel("Dose unit").fill("tablet");
    await page.getByLabel("Daily at").fill("00:01");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("button", { name: "Take Vitamin D" }).click();
    const dose = page
      .getByRole("region", { name: "Due today" })
      .getByRole("listitem")
      .filter({ hasText: "Vitamin D 1 tablet" });
    await dose.getByText(/^Taken( late)?$/).waitFor();
    expect(await user.violations()).toEqual([]);
  });

  test("records a period and shows the cycle day and predictions", async () => {
    const { page } = user;
    await page.getByRole("link", { name: "Cycle" }).click();
    await page.getByText("Record a past period").click();
    await page.getByLabel("Started").fill(daysAgo(9));
    await page.getByLabel("Ended").fill(daysAgo(5));
    await page.getByRole("button", { name: "Save period" }).click();
    await page.locator(".stat", { hasText: "Cycle day" }).getByText("10").waitFor();
    await page.getByLabel("Today's flow").selectOption("light");
    const reloaded = page.waitForResponse((r) => r.url().includes("/api/v2/cycle/overview"));
    await page.getByRole("button", { name: "Save today" }).click();
    await reloaded;
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});
