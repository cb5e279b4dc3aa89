import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: AppServer;
let browser: Browser;
let user: ScreenSession;

/** Another sign-in of the same account, as a phone app would; returns its token. */
async function signInElsewhere(userAgent: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": userAgent },
    body: JSON.stringify({ email: user.email, password: "correct horse battery" }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const statusWith = async (token: string) =>
  (
    await fetch(`${server.url}/api/identity/user`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).status;

describe.skipIf(!runBrowserTests)("Settings → Sessions", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("a session made over the API appears and is signed out from the list", async () => {
    const { page } = user;
    const phone = await signInElsewhere("FitnessPhone/2.0 (Android 15)");
    await page.goto(`${server.url}/#/settings/sessions`);
    const list = page.getByRole("region", { name: "Where you are signed in" });
    const phoneRow = list.locator(".key-row", { hasText: "FitnessPhone on Android" });
    await phoneRow.waitFor();
    await list.locator(".key-row", { hasText: "This device" }).waitFor();
    expect(await list.locator(".key-row").count()).toBe(2);
    // This device comes first, then the others.
    expect(await list.locator(".key-row").first().textContent()).toContain("This device");
    // Only the other device has a sign-out button.
    expect(await list.locator(".key-row").getByRole("button").count()).toBe(1);
    expect(await user.violations()).toEqual([]);

    await phoneRow.getByRole("button", { name: "Sign out FitnessPhone on Android" }).click();
    await page.getByText("FitnessPhone on Android was signed out.").waitFor();
    await phoneRow.waitFor({ state: "detached" });
    expect(await statusWith(phone)).toBe(401);
    expect(await statusWith(user.token)).toBe(200);
  });

  test("“Sign out all other sessions” keeps only this device", async () => {
    const { page } = user;
    const [tablet, laptop] = [
      await signInElsewhere("Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) Safari/604.1"),
      await signInElsewhere("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/140.0"),
    ];
    await page.goto(`${server.url}/#/settings/password`);
    await page.goto(`${server.url}/#/settings/sessions`);
    const list = page.getByRole("region", { name: "Where you are signed in" });
    await list.locator(".key-row", { hasText: "Safari on iOS" }).waitFor();
    await list.locator(".key-row", { hasText: "Firefox on Windows" }).waitFor();
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Sign out all other sessions" }).click();
    await page.getByText("You are signed in on this device only.").waitFor();
    expect(await list.locator(".key-row").count()).toBe(1);
    expect(await statusWith(tablet)).toBe(401);
    expect(await statusWith(laptop)).toBe(401);
    expect(await statusWith(user.token)).toBe(200);
    expect(user.errors).toEqual([]);
  });
});
