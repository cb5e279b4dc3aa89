import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: BinaryServer;
let browser: Browser;
let user: ScreenSession;

describe.skipIf(!runBrowserTests)("foods and meal templates", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url, { width: 390 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("creates, edits, favourites and deletes a food", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/foods`);
    await page.getByRole("button", { name: "New food" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Greek yoghurt");
    await page.getByLabel("Serving size").fill("150");
    await page.getByLabel("Calories (kcal)").fill("140");
    await page.getByLabel("Protein (g)").fill("15");
    await page.getByRole("button", { name: "Create food" }).click();
    await page.getByText("Saved Greek yoghurt.").waitFor();
    await page.getByRole("button", { name: "Edit Greek yoghurt" }).click();
    await page.getByLabel("Size", { exact: true }).fill("1");
    await page.getByLabel("Unit", { exact: true }).fill("cup");
    await page.getByLabel("kcal", { exact: true }).fill("230");
    await page.getByRole("button", { name: "Add serving" }).click();
    await page.getByText("1 cup · 230 kcal").waitFor();
    await page.getByLabel("Calories (kcal)").fill("150");
    await page.getByRole("button", { name: "Save food" }).click();
    await page.getByText("150 kcal / 150 g").waitFor();
    await page.getByRole("button", { name: "Favourite Greek yoghurt" }).click();
    await page.locator('[aria-pressed="true"]', { hasText: "★" }).waitFor();
    expect(await user.violations()).toEqual([]);
    await page.getByRole("button", { name: "Delete Greek yoghurt" }).click();
    await page.getByText("0 foods").waitFor();
  });

  test("a value left empty shows as –, not 0, and the day's totals still add", async () => {
    const { page } = user;
    const today = new Date().toISOString().slice(0, 10);
    const water = await user.call("POST", "/api/foods", {
      name: "Spring water",
      default_variant: { serving_size: 250, serving_unit: "ml", protein: null },
    });
    await user.call("POST", "/api/food-entries", {
      food_id: water.id,
      meal_type: "lunch",
      quantity: 250,
      unit: "ml",
      entry_date: today,
    });
    await user.call("POST", "/api/food-entries", {
      food_name: "Crackers",
      calories: 60,
      meal_type: "lunch",
      quantity: 1,
      unit: "pack",
      entry_date: today,
    });
    await page.goto(`${server.url}/#/diary/${today}`);
    await page.locator(".entry", { hasText: "Spring water" }).getByText("– kcal").waitFor();
    await page.locator(".ring figcaption", { hasText: "Calories60 of" }).waitFor();
    await page.goto(`${server.url}/#/foods`);
    await page.getByText("– kcal / 250 ml").waitFor();
    await page.getByRole("button", { name: "Edit Spring water" }).click();
    expect(await page.getByLabel("Calories (kcal)").inputValue()).toBe("");
    expect(await user.violations()).toEqual([]);
  });

  test("builds a meal template from the library", async () => {
    const { page } = user;
    await user.call("POST", "/api/foods", {
      name: "Toast",
      default_variant: {
        serving_size: 30,
        serving_unit: "g",
        calories: 80,
        protein: 3,
        carbs: 15,
        fat: 1,
      },
    });
    await page.getByRole("link", { name: "Meal templates" }).click();
    await page.getByLabel("Template name").fill("Breakfast toast");
    await page.getByRole("combobox", { name: "Search foods" }).fill("toa");
    // The built-in foods list toasts of their own after the library's.
    await page
      .getByRole("group", { name: "My foods" })
      .getByRole("option", { name: /Toast/ })
      .click();
    await page.getByLabel("Toast (g)").fill("60");
    await page.getByRole("button", { name: "Create template" }).click();
    await page.getByText("Toast 60 g").waitFor();
    const [meal] = await user.call("GET", "/api/meals");
    expect(meal).toMatchObject({ name: "Breakfast toast", foods: [{ quantity: 60 }] });
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});
