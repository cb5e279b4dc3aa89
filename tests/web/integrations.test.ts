import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startFakeStrava, type FakeStrava } from "../fakes/fitness/strava.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let strava: FakeStrava;
let server: AppServer;
let browser: Browser;
let user: ScreenSession;

describe.skipIf(!runBrowserTests)("Settings → Integrations", () => {
  beforeAll(async () => {
    strava = startFakeStrava();
    [server, browser] = await Promise.all([
      startAppServer({
        SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1",
        SERVICE_FITNESS_STRAVA_BASE_URL: strava.baseUrl,
        SERVICE_FITNESS_STRAVA_CLIENT_ID: strava.oauth.clientId,
        SERVICE_FITNESS_STRAVA_CLIENT_SECRET: strava.oauth.clientSecret,
      }),
      launchBrowser(),
    ]);
    user = await openAsNewUser(browser, server.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    strava?.stop();
  });

  test("connects Strava through its authorize page and the callback page, syncs now, disconnects", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/settings/integrations`);
    await page.getByRole("button", { name: "Connect Strava" }).click();
    // Strava's page sends the browser back to /integrations/strava/callback?code=&state=.
    await page.getByText("Strava is connected.").waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe("/integrations/strava/callback");
    expect(await user.violations()).toEqual([]);

    await page.getByRole("link", { name: "Back to integrations" }).click();
    const row = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Strava" }) });
    await row.getByText(/^Connected/).waitFor();
    await row.getByRole("button", { name: "Sync now" }).click();
    await row.getByText("Sync queued.").waitFor();
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Disconnect" }).click();
    await row.getByRole("button", { name: "Connect Strava" }).waitFor();
    expect(strava.requests.some((r) => r.startsWith("POST /oauth/deauthorize"))).toBe(true);
    // A service without an app on this server says so instead of offering to connect.
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Garmin" }) })
      .getByText("Not set up on this server")
      .waitFor();
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  }, 120_000);
});
