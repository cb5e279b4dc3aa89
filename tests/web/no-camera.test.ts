import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

// "Scan with camera" on a device without one (the test's Chromium has none): a sentence
// saying so and the other two ways, no empty video box and no uncaught error.
let server: AppServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);

describe.skipIf(!runBrowserTests)("scanning a barcode without a camera", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url, { width: 390 });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("says there is no camera and offers the photo or the typed code", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/diary/${today}`);
    await page.getByRole("button", { name: "Add to lunch" }).click();
    await page.getByRole("button", { name: "Barcode", exact: true }).click();
    await page.getByRole("button", { name: "Scan with camera" }).click();
    await page
      .getByRole("alert")
      .getByText(/No camera is available here/)
      .waitFor();
    expect(await page.locator("video").count()).toBe(0);
    await page.getByRole("button", { name: "Scan with camera" }).waitFor();
    await page.getByLabel("Read a photo of the barcode").waitFor();
    expect(user.errors.filter((e) => !e.includes("favicon"))).toEqual([]);
  });
});
