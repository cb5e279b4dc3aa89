import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

// Sharing with family: an address without an account gets an invitation as the next step,
// and a member someone shares with sees the switcher without reloading.
let server: AppServer;
let browser: Browser;
let owner: ScreenSession;
let member: ScreenSession;

describe.skipIf(!runBrowserTests)("family sharing", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    [owner, member] = await Promise.all([
      openAsNewUser(browser, server.url),
      openAsNewUser(browser, server.url),
    ]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("an address without an account gets an invitation to send", async () => {
    const { page } = owner;
    await page.goto(`${server.url}/#/settings/family`);
    await page.getByLabel("Their account email").fill("gran@example.test");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByText("No account with that email address exists.").waitFor();
    const invite = page.getByRole("link", { name: "Email an invitation" });
    const href = decodeURIComponent((await invite.getAttribute("href")) ?? "");
    expect(href).toStartWith("mailto:gran@example.test?");
    expect(href).toContain(`Create an account at ${server.url}/`);
    await page.getByRole("button", { name: "Copy the invitation" }).waitFor();
  });

  test("a member shared with sees the switcher on their next move, without a reload", async () => {
    const { page } = member;
    await page.goto(`${server.url}/#/`);
    await page.getByRole("heading", { name: "Today", exact: true }).waitFor();
    expect(await page.getByRole("combobox", { name: "Data of" }).count()).toBe(0);
    await owner.call("POST", "/api/identity/family-access", {
      delegate_email: member.email,
      can_manage_checkin: true,
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Diary" })
      .click();
    await page.getByRole("combobox", { name: "Data of" }).waitFor();
  });
});
