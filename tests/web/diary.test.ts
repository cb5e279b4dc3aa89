import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: BinaryServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);

const meal = (name: string) =>
  user.page.locator(".meal").filter({ has: user.page.getByRole("heading", { name }) });
const entryIn = (mealName: string, food: string) =>
  meal(mealName).locator(".entry", { hasText: food }).waitFor();
/** Waits until the calorie ring reads `text` (totals reload after each change). */
const caloriesRead = (text: string) =>
  user.page.locator(".ring figcaption", { hasText: `Calories${text}` }).waitFor();

describe.skipIf(!runBrowserTests)("the food diary", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url);
    await user.call("POST", "/api/foods", {
      name: "Rolled oats",
      brand: "Acme",
      barcode: "4001234567890",
      default_variant: {
        serving_size: 40,
        serving_unit: "g",
        calories: 150,
        protein: 5,
        carbs: 27,
        fat: 3,
      },
    });
    const banana = await user.call("POST", "/api/foods", {
      name: "Banana",
      default_variant: {
        serving_size: 120,
        serving_unit: "g",
        calories: 105,
        protein: 1,
        carbs: 27,
        fat: 0,
      },
    });
    await user.call("POST", "/api/meals", {
      name: "Fruit bowl",
      foods: [{ food_id: banana.id, quantity: 240, unit: "g" }],
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("logs a food found by search, with the keyboard, and the totals change", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/diary/${today}`);
    await page.getByRole("button", { name: "Add to breakfast" }).click();
    await page.getByRole("combobox", { name: "Search foods" }).fill("oats");
    await page.getByRole("option", { name: /Rolled oats/ }).waitFor();
    await page.keyboard.press("Enter");
    await page.getByLabel("Amount").fill("80");
    await page.keyboard.press("Enter");
    await entryIn("Breakfast", "Rolled oats");
    await caloriesRead("300 of 2,000 kcal");
    expect(await user.violations()).toEqual([]);
  });

  test("logs a food by its barcode", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "Add to lunch" }).click();
    await meal("Lunch").getByRole("button", { name: "Barcode" }).click();
    await page.getByLabel("Barcode", { exact: true }).fill("4001234567890");
    await page.getByRole("button", { name: "Look up" }).click();
    await page.getByRole("button", { name: "Log Rolled oats" }).click();
    await entryIn("Lunch", "Rolled oats");
    await caloriesRead("450 of 2,000 kcal");
  });

  test("logs a meal template, moves an entry and copies the day", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "Add to dinner" }).click();
    await meal("Dinner").getByRole("button", { name: "Meal", exact: true }).click();
    await page.getByRole("button", { name: "Log Fruit bowl" }).click();
    await entryIn("Dinner", "Banana");
    await caloriesRead("660 of 2,000 kcal");

    const lunch = meal("Lunch");
    await lunch.getByRole("button", { name: "Edit Rolled oats" }).click();
    await lunch.getByLabel("Meal").selectOption({ label: "snacks" });
    await lunch.getByRole("button", { name: "Save" }).click();
    await entryIn("Snacks", "Rolled oats");

    await page.getByRole("button", { name: "Next day" }).click();
    await page.getByRole("button", { name: "Copy the day before" }).click();
    await page.getByText("Copied 3 entries from the day before.").waitFor();
    await caloriesRead("660 of 2,000 kcal");
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });

  test("copies a meal to another day", async () => {
    const { page } = user;
    const dinner = meal("Dinner");
    await dinner.getByRole("button", { name: "Copy to another day" }).click();
    await dinner.getByLabel("Copy dinner to").fill("2026-01-15");
    await dinner.getByRole("button", { name: "Copy", exact: true }).click();
    expect(await user.violations()).toEqual([]);
    await dinner.getByRole("link", { name: /2026/ }).click();
    await entryIn("Dinner", "Banana");
    await caloriesRead("210 of 2,000 kcal");
    const copied = await user.call("GET", "/api/food-entries/by-date/2026-01-15");
    expect(copied.map((e: { food_name: string }) => e.food_name)).toEqual(["Banana"]);
  });

  test("Today: streaks, and a reminder once its time has passed and the habit is not done", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/`);
    const habits = page.locator(".card", { has: page.getByRole("heading", { name: "Habits" }) });
    await habits.getByText("Food logged: 1 day in a row").waitFor();
    await habits.getByText("Weighed in: 0 days in a row").waitFor();
    await habits.getByRole("button", { name: "Reminders" }).click();
    await habits.getByLabel("Remind me to log meals after").fill("00:00");
    await habits.getByLabel("Remind me to weigh in after").fill("00:00");
    await habits.getByRole("button", { name: "Save reminders" }).click();
    // Food is logged today, a weight is not: only the weigh-in reminder shows.
    await habits.getByRole("link", { name: "weigh in" }).waitFor();
    expect(await habits.getByRole("link", { name: "log today's meals" }).count()).toBe(0);
    expect(await user.violations()).toEqual([]);
    const prefs = await user.call("GET", "/api/user-preferences");
    expect(prefs).toMatchObject({ meal_reminder_time: "00:00", weigh_in_reminder_time: "00:00" });
  });

  test("adds water, a weight and a food for today from the top bar", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/diary/${today}`);
    await caloriesRead("660 of 2,000 kcal");
    await page.getByRole("button", { name: "Add for today" }).click();
    const sheet = page.getByRole("dialog", { name: "Add for today" });
    await sheet.getByRole("button", { name: "+ 250 ml" }).click();
    await sheet.getByText("Added 250 ml of water.").waitFor();
    await sheet.getByRole("button", { name: "Weight", exact: true }).click();
    await sheet.getByLabel("Weight (kg)").fill("72.5");
    await sheet.getByRole("button", { name: "Save weight" }).click();
    await sheet.getByText("Weighed in at 72.5 kg.").waitFor();
    await sheet.getByRole("button", { name: "Food", exact: true }).click();
    await sheet.getByLabel("Meal").selectOption({ label: "Snacks" });
    await sheet.locator(".segmented").getByRole("button", { name: "Quick add" }).click();
    await sheet.getByLabel("Name").fill("Apple");
    await sheet.getByLabel("Calories (kcal)").fill("95");
    await sheet.locator("form").getByRole("button", { name: "Quick add" }).click();
    await sheet.getByText("Added to snacks.").waitFor();
    expect(await user.violations()).toEqual([]);
    await sheet.getByRole("button", { name: "Close", exact: true }).click();
    // The diary behind the sheet reloads with the food.
    await entryIn("Snacks", "Apple");
    await caloriesRead("755 of 2,000 kcal");
    const water = await user.call("GET", `/api/measurements/water-intake/${today}`);
    expect(water.water_ml).toBe(250);
    const checkIn = await user.call("GET", `/api/measurements/check-in/${today}`);
    expect(checkIn.weight).toBeCloseTo(72.5, 3);
    await page.goto(`${server.url}/#/`);
    await page.getByText("Weighed in: 1 day in a row").waitFor();
    expect(await page.getByRole("link", { name: "weigh in" }).count()).toBe(0);
    expect(user.errors).toEqual([]);
  });
});
