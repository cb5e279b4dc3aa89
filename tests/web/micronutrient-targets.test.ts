import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: BinaryServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);

/** The diary's micronutrient row of `name`: its cells' text. */
async function microRow(name: string) {
  const row = user.page.locator(".micros tbody tr", {
    has: user.page.getByRole("rowheader", { name, exact: true }),
  });
  return row.locator("td").allInnerTexts();
}

/** The Goals screen's card of micronutrient targets (the goal editors have a potassium field too). */
const targets = () => user.page.getByRole("region", { name: "Micronutrient targets" });

describe.skipIf(!runBrowserTests)("micronutrient targets in the web client", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url);
    await user.call("PUT", "/api/identity/profiles", {
      sex: "female",
      date_of_birth: "1990-05-01",
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("Reports before any food with micronutrients is logged: a line says so, not a table of zeros", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/reports/30`);
    const card = page.getByRole("region", { name: "Micronutrients against their targets" });
    await card.getByText("The foods logged in this range record no micronutrients.").waitFor();
    expect(await card.locator("table").count()).toBe(0);
  });

  test("a built-in banana's potassium shows against its DRI target in the diary", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/diary/${today}`);
    await page.getByRole("button", { name: "Add to breakfast" }).click();
    await page.getByRole("combobox", { name: "Search foods" }).fill("banana raw");
    await page
      .getByRole("option", { name: /Bananas, raw/ })
      .first()
      .click();
    const medium = page.locator(".serving select option", { hasText: "medium" }).first();
    await page.locator(".serving select").selectOption((await medium.getAttribute("value"))!);
    await page.getByRole("button", { name: /^Log Bananas, raw/ }).click();
    await page.locator(".entry", { hasText: "Bananas, raw" }).waitFor();

    await page.getByText("Micronutrients").click();
    // A woman of 36: the DRI for potassium is 2,600 mg; a medium banana (118 g) holds 422 mg.
    await page.locator(".micros tr", { hasText: "2,600 mg" }).first().waitFor();
    const [eaten, target, progress] = await microRow("Potassium");
    expect(eaten).toMatch(/^422(\.\d)? mg$/);
    expect(target).toBe("2,600 mg");
    expect(progress!.trim()).toBe("16%");
    const bar = page.getByRole("progressbar", { name: "Potassium: share of the target reached" });
    expect(Number(await bar.getAttribute("value"))).toBeCloseTo(422.4, 0);
    // Minerals and vitamins only the built-in foods carry have their targets too.
    expect((await microRow("Magnesium"))[1]).toBe("320 mg");
    expect(await user.violations()).toEqual([]);
  });

  test("a target of one's own, set in Goals, replaces the DRI in the diary", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/goals`);
    await targets().getByLabel("Potassium (mg)").fill("3000");
    await page.getByRole("button", { name: "Save targets" }).click();
    await page.getByText("Targets saved.").waitFor();
    expect(await user.violations()).toEqual([]);
    const saved = await user.call("GET", `/api/micronutrient-targets?date=${today}`);
    const potassium = saved.targets.find((row: { key: string }) => row.key === "potassium");
    expect(potassium).toMatchObject({ target: 3000, source: "own", dri: 2600 });

    await page.goto(`${server.url}/#/diary/${today}`);
    await page.getByText("Micronutrients").click();
    await page.locator(".micros tr", { hasText: "3,000 mg" }).waitFor();
    expect((await microRow("Potassium"))[2]!.trim()).toBe("14%");

    // An empty field restores the reference intake.
    await page.goto(`${server.url}/#/goals`);
    await targets().getByLabel("Potassium (mg)").fill("");
    await page.getByRole("button", { name: "Save targets" }).click();
    await page.getByText("Targets saved.").waitFor();
    const restored = await user.call("GET", `/api/micronutrient-targets?date=${today}`);
    expect(restored.targets.find((row: { key: string }) => row.key === "potassium").source).toBe(
      "dri",
    );
    expect(user.errors).toEqual([]);
  });

  test("Reports: each micronutrient's daily average over the range against its target", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/reports/30`);
    const card = page.getByRole("region", { name: "Micronutrients against their targets" });
    const potassium = card.locator("tr", {
      has: page.getByRole("rowheader", { name: "Potassium" }),
    });
    await potassium.waitFor();
    // One day logged in the range: its banana is the daily average.
    const [average, target, progress] = await potassium.locator("td").allInnerTexts();
    expect(average).toMatch(/^422(\.\d)? mg$/);
    expect(target).toBe("2,600 mg");
    expect(progress!.trim()).toBe("16%");
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});
