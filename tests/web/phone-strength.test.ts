import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

// A strength session logged on a 390 px phone in US units: the set table, its weights and
// its remove buttons stay on the screen, and the first session says its records in one line.
let server: AppServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);
const BENCH = "Barbell Bench Press";
const WIDTH = 390;

describe.skipIf(!runBrowserTests)(`a strength session at ${WIDTH} px`, () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url, { width: WIDTH });
    await user.call("PUT", "/api/identity/profiles", {
      units: { weight: "lbs", distance: "miles", height: "inches", energy: "kcal" },
    });
    await user.page.goto(`${server.url}/#/exercise/${today}`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const fitsTheScreen = async () => {
    const wide = await user.page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(WIDTH);
  };

  test("no part of the set table is wider than the phone", async () => {
    const { page } = user;
    await page.getByRole("combobox", { name: "Add an exercise" }).fill("bench press");
    await page
      .getByRole("option", { name: new RegExp(`^${BENCH}`) })
      .first()
      .click();
    for (const [set, reps, weight] of [
      [1, "8", "135"],
      [2, "6", "155"],
      [3, "4", "175.5"],
    ] as const) {
      await page.getByLabel(`${BENCH} set ${set} reps`).fill(reps);
      const input = page.getByLabel(`${BENCH} set ${set} weight (lb)`);
      await input.fill(weight);
      if (set < 3) await input.press("Enter");
    }
    await fitsTheScreen();
    for (const name of [`${BENCH} set 3 weight (lb)`, `Remove ${BENCH} set 3`]) {
      const box = (await page.getByLabel(name).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    }
  });

  test("the first session shows one line of personal records for the exercise", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "Save session" }).click();
    const records = page.locator(".records");
    await records.first().waitFor();
    expect(await records.count()).toBe(1);
    expect(await records.textContent()).toMatch(
      /^Personal records: .*Heaviest weight, 175\.5 lb; most reps at 3 weights$/,
    );
    expect(await page.getByText(/Personal record/).count()).toBe(1);
    await fitsTheScreen();
  });
});
