import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: AppServer;
let browser: Browser;
let user: ScreenSession;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!runBrowserTests)("the pregnancy tab", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url, { width: 390, colorScheme: "dark" });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("starts from the last period: due date 280 days on, week 10 + 3", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/health/pregnancy`);
    await page.getByLabel("First day of last period").fill(day(-73));
    await page.getByRole("button", { name: "Start tracking" }).click();
    await page.locator(".stat", { hasText: "Week" }).getByText("10 + 3").waitFor();
    const current = await user.call("GET", "/api/v2/pregnancy/current");
    expect(current).toMatchObject({
      due_date: day(207),
      due_date_basis: "lmp",
      lmp_date: day(-73),
    });
    expect(await user.violations()).toEqual([]);
  });

  test("records a kick counting session of three kicks", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "Start counting" }).click();
    for (let i = 0; i < 3; i++)
      await page.getByRole("button", { name: "Kick", exact: true }).click();
    await page.getByText("3 kicks", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Finish session" }).click();
    await page.locator(".kick-sessions li", { hasText: "3 kicks" }).waitFor();
    const { id } = await user.call("GET", "/api/v2/pregnancy/current");
    const kicks = await user.call("GET", `/api/v2/pregnancy/kicks?pregnancy_id=${id}`);
    expect(kicks).toHaveLength(1);
    expect(kicks[0].kick_count).toBe(3);
    expect(kicks[0].kick_times).toHaveLength(3);
    expect(kicks[0].ended_at).not.toBeNull();
  });

  test("times a contraction from start to stop", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "Start contraction" }).click();
    await page.getByRole("button", { name: /Stop contraction/ }).click();
    await page.getByRole("button", { name: "Start contraction" }).waitFor();
    const { contractions } = await user.call("GET", "/api/v2/pregnancy/contractions");
    expect(contractions).toHaveLength(1);
    expect(contractions[0].ended_at).not.toBeNull();
    expect(contractions[0].duration_seconds).toBeGreaterThanOrEqual(0);
    const row = page.getByRole("region", { name: "Contractions" }).locator("tbody tr");
    expect(await row.count()).toBe(1);
    expect(await row.locator("td").first().textContent()).not.toBe("running");
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});
