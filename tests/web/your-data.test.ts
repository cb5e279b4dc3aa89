import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: AppServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);

// Cronometer's servings.csv, two foods of one day.
const CRONOMETER = [
  "Day,Time,Group,Food Name,Amount,Energy (kcal),Carbs (g),Fat (g),Protein (g)",
  `${today},07:45,Breakfast,"Oatmeal, rolled, dry",80.00 g,303.2,54,5.3,10.5`,
  `${today},12:10,Lunch,Lentil soup,1.00 bowl,230,30,4,16`,
].join("\r\n");

describe.skipIf(!runBrowserTests)("Settings → Your data", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("downloads a zip of one's data with its manifest", async () => {
    await user.call("POST", "/api/measurements/check-in", { entry_date: today, weight: 68.4 });
    const { page } = user;
    await page.goto(`${server.url}/#/settings/data`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const manifest = JSON.parse(strFromU8(zip["manifest.json"]!));
    expect(manifest.format_version ?? manifest.version).toBe(1);
    const names = Object.keys(zip);
    const checkIns = names.filter((name) => /check.?in/i.test(name) && name.endsWith(".json"));
    expect(checkIns.map((name) => strFromU8(zip[name]!)).join()).toContain("68.4");
    expect(await user.violations()).toEqual([]);
  });

  test("imports a Cronometer export once: the second time adds nothing", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/settings/data`);
    await page.getByLabel("From").selectOption("/api/import/cronometer");
    // Each import's sentence replaces the last one: wait for the one this upload should give.
    const upload = async (expected: string) => {
      await page.getByLabel("File").setInputFiles({
        name: "servings.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(CRONOMETER),
      });
      await page.getByRole("button", { name: "Import" }).click();
      await page.getByRole("status").filter({ hasText: expected }).waitFor();
    };
    await upload("Read 2: 2 written, 0 already here, 0 skipped.");
    const entries = (await user.call("GET", `/api/food-entries/by-date/${today}`)) as {
      food_name: string;
    }[];
    expect(entries.map((e) => e.food_name).sort()).toEqual(["Lentil soup", "Oatmeal, rolled, dry"]);
    await upload("Read 2: 0 written, 2 already here, 0 skipped.");
    expect(await user.call("GET", `/api/food-entries/by-date/${today}`)).toHaveLength(2);
    expect(user.errors).toEqual([]);
  });
});
