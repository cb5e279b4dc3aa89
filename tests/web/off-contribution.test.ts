import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startFoodProviderFakes, type FoodProviderFakes } from "../fakes/food-providers.ts";
import { makeAdmin } from "../helpers/accounts.ts";
import { jsonRequest } from "../helpers/test-app.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: AppServer;
let fakes: FoodProviderFakes;
let browser: Browser;
let user: ScreenSession;
const BARCODE = "5012345678900";

/** The user's food with two photos from the fake, once both are stored under /uploads/foods/. */
async function foodWithPhotos(): Promise<{ id: string; images: string[] }> {
  const created = await user.call("POST", "/api/foods", {
    name: "Seed bar",
    brand: "Crunchy",
    barcode: BARCODE,
    default_variant: {
      serving_size: 40,
      serving_unit: "g",
      calories: 180,
      protein: 5,
      carbs: 20,
      fat: 8,
    },
    images: [
      `${fakes.openfoodfacts.origin}/photos/bar.jpg`,
      `${fakes.openfoodfacts.origin}/photos/back.jpg`,
    ],
  });
  for (;;) {
    const food = await user.call("GET", `/api/foods/${created.id}`);
    if (food.images.every((src: string) => src.startsWith("/uploads/foods/"))) return food;
    await Bun.sleep(100);
  }
}

// The contribution wizard against the Open Food Facts fake, enabled by an administrator.
describe.skipIf(!runBrowserTests)("contributing a food to Open Food Facts", () => {
  beforeAll(async () => {
    fakes = startFoodProviderFakes();
    [server, browser] = await Promise.all([
      startAppServer({
        SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "localhost",
        SERVICE_FITNESS_OPEN_FOOD_FACTS_URL: fakes.openfoodfacts.origin,
      }),
      launchBrowser(),
    ]);
    const admin = await server.ctx.createUser();
    await makeAdmin(server.ctx, admin.id);
    const enabled = await server.ctx.request(
      "/api/admin/off-contributions",
      jsonRequest("PUT", admin.token, { enabled: true }),
    );
    expect(enabled.status).toBe(200);
    user = await openAsNewUser(browser, server.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fakes?.stopAll();
  });

  test("walks preview, the two confirmations and publishing to the published state", async () => {
    const food = await foodWithPhotos();
    const { page } = user;
    await page.goto(`${server.url}/#/foods`);
    await page.getByRole("button", { name: "Contribute Seed bar to Open Food Facts" }).click();
    const wizard = page.getByRole("region", { name: "Contribute Seed bar to Open Food Facts" });
    await wizard.getByLabel("What the photo shows").selectOption("front");
    await wizard.getByRole("button", { name: "Preview what will be sent" }).click();
    await wizard.getByText("State: previewed. Contribution preview valid until").waitFor();
    await wizard.getByRole("cell", { name: BARCODE }).waitFor();
    const publish = wizard.getByRole("button", { name: "Publish to Open Food Facts" });
    expect(await publish.isDisabled()).toBe(true);
    await wizard.getByLabel("I confirm these data are accurate").check();
    await wizard.getByLabel("I own the rights to this photo", { exact: false }).check();
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>(".contribution button.primary")?.disabled,
    );
    expect(await user.violations()).toEqual([]);
    await publish.click();
    await wizard.getByText("State: published.").waitFor();
    expect(fakes.openfoodfacts.state.uploads.map((form) => form.get("code"))).toEqual([BARCODE]);
    expect(fakes.openfoodfacts.state.writes.map((form) => form.get("code"))).toEqual([BARCODE]);
    const stored = await user.call("GET", `/api/foods/${food.id}/off-contribution`);
    expect(stored).toMatchObject({
      state: "published",
      photo: food.images[0],
      confirmed_accuracy: true,
      confirmed_photo_rights: true,
    });
    // The wizard's first read answers 404 (no contribution yet), which the console reports.
    expect(user.errors.filter((e) => !/off-contribution|status of 404/.test(e))).toEqual([]);
  }, 120_000);
});
