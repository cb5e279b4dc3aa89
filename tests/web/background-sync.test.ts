import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { runBrowserTests } from "./browser.ts";
import { openPhoneOnANetwork, type PhoneOnANetwork } from "./phone-network.ts";

// Background Sync (Chromium has it): a write kept offline goes when the network returns,
// sent by the service worker, with every tab of the app closed.
const today = new Date().toISOString().slice(0, 10);

let phone: PhoneOnANetwork;
let page: Page;

describe.skipIf(!runBrowserTests)("background sync", () => {
  beforeAll(async () => {
    phone = await openPhoneOnANetwork("Background Sync Tester");
    page = await phone.context.newPage();
    await page.goto(`${phone.url}/#/trackers/${today}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.getByRole("button", { name: "+ 250 ml" }).waitFor();
  }, 120_000);

  afterAll(() => phone?.close());

  test("a write kept offline is sent by the service worker when the network returns, the app closed", async () => {
    await phone.cutNetwork();
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
    phone.serve();
    expect(await phone.waterOnServer(today)).toBe(0);
    await phone.context.setOffline(false);
    for (let tries = 0; (await phone.waterOnServer(today)) === 0 && tries < 100; tries++)
      await Bun.sleep(200);
    expect(await phone.waterOnServer(today)).toBe(250);

    // Opened again: nothing waits, and the glass is there once.
    page = await phone.context.newPage();
    await page.goto(`${phone.url}/#/trackers/${today}`);
    await page.getByText("250 ml", { exact: true }).waitFor();
    expect(await page.getByText(/Pending:/).count()).toBe(0);
    expect(await phone.waterOnServer(today)).toBe(250);
  });
});
