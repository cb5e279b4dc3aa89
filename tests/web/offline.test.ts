import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { runBrowserTests } from "./browser.ts";
import { openPhoneOnANetwork, type PhoneOnANetwork } from "./phone-network.ts";

// A day at the gym without signal: water logged offline is kept on the phone, survives a
// reload with no network, and reaches the server once when the network returns; an entry
// whose answer was lost on the way back is sent again at once, and stored once.
const today = new Date().toISOString().slice(0, 10);

let phone: PhoneOnANetwork;
let page: Page;
let url = "";

describe.skipIf(!runBrowserTests)("offline", () => {
  beforeAll(async () => {
    phone = await openPhoneOnANetwork("Offline Tester");
    url = phone.url;
    page = await phone.context.newPage();
  }, 120_000);

  afterAll(() => phone?.close());

  test("the service worker takes over on http://127.0.0.1 (a secure context)", async () => {
    await page.goto(`${url}/#/trackers/${today}`);
    await page.getByRole("button", { name: "+ 250 ml" }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Seen once under the worker, the screen's reads are kept for offline use.
    await page.reload();
    await page.getByRole("button", { name: "+ 250 ml" }).waitFor();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  });

  test("a write whose answer is lost is sent again and stored once; one made offline waits as pending", async () => {
    // The server stores the first glass, but its answer never arrives to the page. Kept, it
    // goes again at once (the browser is online: the service worker's Background Sync),
    // with its key, so the server answers as the first time and stores nothing twice.
    await page.route("**/api/measurements/water-intake", async (route) => {
      await route.fetch();
      await route.abort("internetdisconnected");
    });
    await page.getByRole("button", { name: "+ 250 ml" }).click();
    await page.getByText("1 entry made offline saved.").waitFor();
    await page.unroute("**/api/measurements/water-intake");
    expect(await phone.waterOnServer(today)).toBe(250);

    await phone.cutNetwork();
    await page.getByRole("button", { name: "+ 250 ml" }).click();
    await page.getByText(/Pending: 1 entry made offline \(Water\)/).waitFor();
    // Kept for later is pending, not a failure: a status in neutral text, not a red alert.
    const kept = page.getByText(/No connection: water kept on this device/);
    await kept.waitFor();
    expect(await kept.getAttribute("role")).toBe("status");
    expect(await kept.getAttribute("class")).toBe("notice pending");
  });

  test("a reload without network opens the app with the last data seen and the pending entries", async () => {
    await page.reload();
    await page.getByRole("heading", { name: /Trackers/ }).waitFor();
    await page.getByRole("button", { name: "+ 250 ml" }).waitFor();
    await page.getByText(/Pending: 1 entry made offline/).waitFor();
  });

  test("a closed tab opened again without network shows the app and what still waits", async () => {
    await page.close();
    page = await phone.context.newPage();
    await page.goto(url);
    await page.getByRole("navigation", { name: "Tabs" }).waitFor();
    await page.getByText(/Pending: 1 entry made offline/).waitFor();
    await page.goto(`${url}/#/trackers/${today}`);
    await page.getByRole("button", { name: "+ 250 ml" }).waitFor();
  });

  test("when the network returns each entry is stored once and shown saved", async () => {
    await phone.restoreNetwork();
    await page.getByText("1 entry made offline saved.").waitFor({ timeout: 20_000 });
    expect(await page.getByText(/Pending:/).count()).toBe(0);
    // The lost answer's entry was resent with its key: two glasses, not three.
    expect(await phone.waterOnServer(today)).toBe(500);
    await page.getByText("500 ml", { exact: true }).waitFor();
  });
});
