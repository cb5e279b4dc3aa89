import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { signUpOverApi } from "./seed.ts";

// Background Sync (Chromium has it): a write kept offline goes when the network returns,
// sent by the service worker, with every tab of the app closed.
const today = new Date().toISOString().slice(0, 10);

let ctx: TestContext;
let server: ReturnType<typeof Bun.serve> | null = null;
let port = 0;
let url = "";
let browser: Browser;
let context: BrowserContext;
let page: Page;
let account: Awaited<ReturnType<typeof signUpOverApi>>;

function serve() {
  server = Bun.serve({ port, hostname: "127.0.0.1", fetch: (req, s) => ctx.app.fetch(req, s) });
  port = server.port!;
  url = `http://127.0.0.1:${port}`;
}

const waterOnServer = async () =>
  (await account.call("GET", `/api/measurements/water-intake/${today}`)).water_ml;

describe.skipIf(!runBrowserTests)("background sync", () => {
  beforeAll(async () => {
    [ctx, browser] = await Promise.all([createTestContext(), launchBrowser()]);
    serve();
    account = await signUpOverApi(url, "Background Sync Tester");
    await account.call("PUT", "/api/identity/profiles", { timezone: "UTC", height: 175 });
    context = await browser.newContext({ viewport: { width: 390, height: 850 } });
    await context.addCookies([{ name: "fitness_session", value: account.token, url }]);
    page = await context.newPage();
    await page.goto(`${url}/#/trackers/${today}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.getByRole("button", { name: "+ 250 ml" }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.stop(true);
    await ctx?.close();
  });

  test("a write kept offline is sent by the service worker when the network returns, the app closed", async () => {
    // No signal: the browser offline and the server unreachable.
    await context.setOffline(true);
    server?.stop(true);
    await page.getByRole("button", { name: "+ 250 ml" }).click();
    await page.getByText(/Pending: 1 entry made offline \(Water\)/).waitFor();
    const tags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync: { getTags(): Promise<string[]> };
      };
      return registration.sync.getTags();
    });
    expect(tags).toEqual(["outbox"]);

    // Every tab closed, then the network back: only the service worker is left to send.
    await page.close();
    serve();
    expect(await waterOnServer()).toBe(0);
    await context.setOffline(false);
    for (let tries = 0; (await waterOnServer()) === 0 && tries < 100; tries++) await Bun.sleep(200);
    expect(await waterOnServer()).toBe(250);

    // Opened again: nothing waits, and the glass is there once.
    page = await context.newPage();
    await page.goto(`${url}/#/trackers/${today}`);
    await page.getByText("250 ml", { exact: true }).waitFor();
    expect(await page.getByText(/Pending:/).count()).toBe(0);
    expect(await waterOnServer()).toBe(250);
  });
});
