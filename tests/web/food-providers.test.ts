import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Route } from "playwright-core";
import { startFoodProviderFakes, type FoodProviderFakes } from "../fakes/food-providers.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { ean13Png } from "./ean13-png.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: AppServer;
let fakes: FoodProviderFakes;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);

const meal = (name: string) =>
  user.page.locator(".meal").filter({ has: user.page.getByRole("heading", { name }) });
const caloriesRead = (text: string) =>
  user.page.locator(".ring figcaption", { hasText: `Calories${text}` }).waitFor();

// The app with its food providers at the local fakes: the built-in Open Food Facts and a
// USDA row the user adds in the settings.
describe.skipIf(!runBrowserTests)("food providers in the web client", () => {
  beforeAll(async () => {
    fakes = startFoodProviderFakes();
    [server, browser] = await Promise.all([
      startAppServer({
        SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "localhost",
        SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT: "true",
        SERVICE_FITNESS_OPEN_FOOD_FACTS_URL: fakes.openfoodfacts.origin,
      }),
      launchBrowser(),
    ]);
    user = await openAsNewUser(browser, server.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fakes?.stopAll();
  });

  test("settings: adds USDA with its key (never shown again), tests it; another becomes the default", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/settings/food-providers`);
    await page.locator(".provider-row", { hasText: "Open Food Facts" }).waitFor();
    await page.getByRole("button", { name: "Add provider" }).click();
    await page.getByLabel("Provider", { exact: true }).selectOption("usda");
    await page.getByLabel("Name", { exact: true }).fill("USDA");
    await page.getByLabel("Base URL", { exact: true }).fill(`${fakes.usda.origin}/fdc`);
    await page.getByLabel("API key").fill("usda-key");
    await page.getByRole("button", { name: "Save provider" }).click();
    await page.getByText("Provider saved.").waitFor();
    await page.locator(".provider-row", { hasText: "key saved" }).waitFor();
    await page.getByRole("button", { name: "Test USDA" }).click();
    await page.getByText("USDA answered").waitFor();
    const saved = (
      (await user.call("GET", "/api/external-providers")) as Record<string, unknown>[]
    ).find((p) => p.provider_name === "USDA");
    expect(saved).toMatchObject({ provider_name: "USDA", has_app_key: true, is_active: true });
    expect(JSON.stringify(saved)).not.toContain("usda-key");
    await page.getByRole("button", { name: "Edit USDA" }).click();
    await expect(page.getByLabel("API key").inputValue()).resolves.toBe("");
    expect(await user.violations()).toEqual([]);
    await page.getByRole("button", { name: "Cancel" }).click();

    // The account's Swiss Food Database came first; USDA, made the default, moves first and
    // stays first after a reload.
    const swiss = "Swiss Food Database";
    await page.getByRole("button", { name: "Make USDA the default" }).click();
    await page.getByText("USDA is the default provider.").waitFor();
    await page.reload();
    await page.locator(".provider-row").first().filter({ hasText: "USDA" }).waitFor();
    // The account's exercise databases (Free Exercise DB, Wger) are no food providers.
    const order = (
      (await user.call("GET", "/api/external-providers")) as {
        provider_name: string;
        categories: string[];
      }[]
    ).filter((p) => p.categories.includes("food"));
    expect(order.map((p) => p.provider_name)).toEqual(["USDA", swiss, "Open Food Facts"]);
    // While the list reloads after the save (held back here), the box keeps the user's
    // choice rather than springing back.
    const heldBack = async (route: Route) => {
      await Bun.sleep(500);
      await route.continue();
    };
    await page.route("**/api/external-providers", heldBack, { times: 1 });
    const reloading = page.waitForRequest((r) => r.url().endsWith("/api/external-providers"));
    const enabled = page.getByLabel(`Enabled ${swiss}`);
    await enabled.uncheck();
    await reloading;
    expect(await enabled.isChecked()).toBe(false);
    await page.locator(".provider-row", { hasText: swiss }).getByText("disabled").waitFor();
  });

  test("the diary search lists my foods first, then the built-in and the providers'; a USDA food is picked and logged", async () => {
    const { page } = user;
    await user.call("POST", "/api/foods", {
      name: "Apple pie",
      default_variant: {
        serving_size: 100,
        serving_unit: "g",
        calories: 240,
        protein: 2,
        carbs: 34,
        fat: 11,
      },
    });
    await page.goto(`${server.url}/#/diary/${today}`);
    await page.getByRole("button", { name: "Add to breakfast" }).click();
    const providerSearches: string[] = [];
    page.on(
      "request",
      (r) => r.url().includes("/api/v2/foods/search/") && providerSearches.push(r.url()),
    );
    await page.getByRole("combobox", { name: "Search foods" }).fill("apple");
    // Only my foods and the built-in ones until I pick a food database to search too: no
    // provider is asked, well past the pause a provider search waits for.
    await page.getByRole("option", { name: /Apple pie/ }).waitFor();
    await Bun.sleep(1000);
    expect(providerSearches).toEqual([]);
    const picks = page.getByRole("group", { name: "Also search" });
    await picks.getByRole("button", { name: "USDA" }).click();
    expect(await picks.getByRole("button", { name: "USDA" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    const usda = page.getByRole("group", { name: "USDA" });
    await usda.getByRole("option", { name: /Apples, raw, with skin/ }).waitFor();
    const names = await page.getByRole("option").allTextContents();
    expect(names[0]).toContain("Apple pie");
    // Built-in foods come between mine and the providers'; the USDA apple is picked by name.
    await usda
      .getByRole("option", { name: /Apples, raw, with skin/ })
      .first()
      .click();
    // The provider's household measures are the choices; its 100 g serving takes grams.
    await page.getByLabel("Serving").selectOption("100 g");
    await page.getByLabel("Amount").fill("200");
    await page.keyboard.press("Enter");
    await meal("Breakfast").locator(".entry", { hasText: "Apples, raw, with skin" }).waitFor();
    await caloriesRead("104 of 2,000 kcal");
    expect(providerSearches.every((url) => url.includes("/search/usda?"))).toBe(true);
    expect(await user.violations()).toEqual([]);
  });

  test("a photo of an EAN-13 barcode, read by the WebAssembly reader, finds Nutella at Open Food Facts; it is logged", async () => {
    const { page } = user;
    // The fallback path, whatever this Chromium offers.
    await page.addInitScript(
      () => delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector,
    );
    const wasm: string[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith(".wasm")) wasm.push(`${r.status()} ${r.headers()["content-type"]}`);
    });
    await page.goto(`${server.url}/#/diary/${today}`);
    await page.getByRole("button", { name: "Add to lunch" }).click();
    await meal("Lunch").getByRole("button", { name: "Barcode" }).click();
    await page.getByLabel("Read a photo of the barcode").setInputFiles({
      name: "nutella.png",
      mimeType: "image/png",
      buffer: ean13Png("3017620422003"),
    });
    await page.getByRole("button", { name: "Log Nutella" }).click({ timeout: 60_000 });
    await meal("Lunch").locator(".entry", { hasText: "Nutella" }).waitFor();
    expect(wasm).toEqual(["200 application/wasm"]);
    expect(
      fakes.openfoodfacts.requests.some((u) => u.pathname === "/api/v2/product/3017620422003.json"),
    ).toBe(true);
    expect(user.errors).toEqual([]);
  }, 90_000);

  test("an unknown barcode offers a new food with it", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "Add to dinner" }).click();
    await meal("Dinner").getByRole("button", { name: "Barcode" }).click();
    await meal("Dinner").getByLabel("Barcode", { exact: true }).fill("5012345678900");
    await meal("Dinner").getByRole("button", { name: "Look up" }).click();
    await meal("Dinner").getByRole("link", { name: "Create it as a new food" }).click();
    // The diary's own barcode field is labelled alike: read the new food's once it is shown.
    await page.getByRole("heading", { name: "Food library" }).waitFor();
    await expect(page.getByLabel("Barcode").inputValue()).resolves.toBe("5012345678900");
  });

  test("settings: Nutritionix (foods and exercises) can be tested, an exercise-only database cannot", async () => {
    const { page } = user;
    for (const [name, type, extra] of [
      ["Nix", "nutritionix", { app_id: "nix-id", app_key: "nix-key" }],
      ["Lifts", "wger", {}],
    ] as const)
      await user.call("POST", "/api/external-providers", {
        provider_name: name,
        provider_type: type,
        base_url: type === "nutritionix" ? fakes.nutritionix.origin : "http://localhost:9/api/v2",
        ...extra,
      });
    await page.goto(`${server.url}/#/settings/food-providers`);
    await page.locator(".provider-row", { hasText: "Lifts" }).waitFor();
    expect(await page.getByRole("button", { name: "Test Lifts" }).count()).toBe(0);
    await page.getByRole("button", { name: "Test Nix" }).click();
    await page.getByText("Nix answered").waitFor();
  });
});
