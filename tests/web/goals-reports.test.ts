import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { postHealthData, runRecord } from "./seed.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: BinaryServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);

describe.skipIf(!runBrowserTests)("goals and reports", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("edits the goal timeline, and today's goals follow", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/goals`);
    await page.getByText("From the defaults.").waitFor();
    const timeline = page.getByRole("region", { name: "Goal timeline" });
    await timeline.getByLabel("Calories (kcal)").fill("2300");
    await timeline.getByLabel("Protein (g)").fill("160");
    await page.getByRole("button", { name: "Save goals" }).click();
    await page.getByText("From your goal timeline.").waitFor();
    await page
      .getByText(/Calories 2,300 kcal · Protein 160 g/)
      .first()
      .waitFor();
    const goals = await user.call("GET", `/api/goals/for-date?date=${today}`);
    expect(goals).toMatchObject({ calories: 2300, protein: 160, source: "timeline" });
    expect(await user.violations()).toEqual([]);
  });

  test("opens each report, with its CSV", async () => {
    const { page } = user;
    await user.call("POST", "/api/measurements/check-in", { entry_date: today, weight: 81 });
    const key = await user.call("POST", "/api/identity/user/generate-api-key", {
      name: "phone",
      permissions: ["health_data_write"],
    });
    await postHealthData(server.url, key.apiKey.key, [runRecord(`${today}T06:00:00.000Z`)]);
    await page.goto(`${server.url}/#/reports/30`);
    for (const title of [
      "Weight",
      "Nutrition",
      "Training",
      "Heart-rate zones",
      "Sleep",
      "Activity",
    ]) {
      await page.getByRole("region", { name: title, exact: true }).waitFor();
    }
    await page.locator(".heatmap .level-1, .heatmap .level-2").first().waitFor();
    expect(await page.locator(".uplot").count()).toBeGreaterThanOrEqual(3);
    const csv = await page
      .getByRole("link", { name: "Download weight as CSV" })
      .getAttribute("href");
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const response = await fetch(`${server.url}${csv}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect((await response.text()).split("\n")[0]).toStartWith("date,weight,trend");
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });

  test("on a phone, the year's heatmap opens on its latest weeks and cuts no month's name", async () => {
    const phone = await openAsNewUser(browser, server.url, { width: 390 });
    await phone.page.goto(`${server.url}/#/reports/365`);
    const scroller = phone.page.getByRole("group", { name: "Activity heatmap" });
    await phone.page.locator(".heatmap-month").first().waitFor({ state: "attached" });
    // Each month's name, whether it shows, and whether it starts inside the scrolled view.
    const months = () =>
      scroller.evaluate((element) =>
        [...element.querySelectorAll<SVGTextElement>(".heatmap-month")].map((label) => ({
          shown: getComputedStyle(label).visibility !== "hidden",
          inside: Number(label.getAttribute("x")) >= element.scrollLeft,
        })),
      );
    const scrolled = await scroller.evaluate((element) => element.scrollLeft);
    expect(scrolled).toBeGreaterThan(0);
    const atEnd = await months();
    expect(atEnd.every((m) => m.shown === m.inside)).toBe(true);
    expect(atEnd.some((m) => !m.shown)).toBe(true);
    await scroller.evaluate((element) => element.scrollTo({ left: 0 }));
    await phone.page.waitForFunction(() =>
      [...document.querySelectorAll<SVGTextElement>(".heatmap-month")].every(
        (label) => getComputedStyle(label).visibility !== "hidden",
      ),
    );
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });
});
