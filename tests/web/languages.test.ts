import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests, watchErrors } from "./browser.ts";
import { visitAll } from "./language-check.ts";
import { signUpOverApi } from "./seed.ts";
import { LOCALES } from "../../web/i18n/locales.ts";

/** The main screens, each with a heading to wait for. */
const SCREENS = [
  "/",
  "/diary",
  "/foods",
  "/exercise",
  "/workouts",
  "/check-ins",
  "/goals",
  "/health/medications",
  "/health/cycle",
  "/trackers",
  "/reports/90",
  "/assistant",
  "/settings/profile",
  "/settings/password",
  "/settings/sessions",
  "/settings/reminders",
  "/settings/api-keys",
  "/more",
];

describe.skipIf(!runBrowserTests)("the web client in the user's language", () => {
  let server: AppServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  /** A browser whose languages are `browserLocale`, signed in as a new account. */
  async function open(browserLocale: string, preference?: string) {
    const account = await signUpOverApi(server.url, "Ada Lovelace");
    await account.call("PUT", "/api/identity/profiles", { timezone: "UTC", height: 170 });
    if (preference) await account.call("PUT", "/api/user-preferences", { language: preference });
    const context = await browser.newContext({ locale: browserLocale, timezoneId: "UTC" });
    contexts.push(context);
    await context.addCookies([{ name: "fitness_session", value: account.token, url: server.url }]);
    const page = await context.newPage();
    return { page, errors: watchErrors(page), account };
  }

  test("a German browser gets the main screens in German, with no English label", async () => {
    const { page, errors } = await open("de-DE");
    expect(await visitAll(page, server.url, "de", SCREENS)).toEqual([]);
    expect(await page.getAttribute("html", "lang")).toBe("de");
    expect(await page.getAttribute("html", "dir")).toBe("ltr");
    await page.goto(`${server.url}/#/`);
    await page.getByRole("heading", { name: "Heute", level: 1 }).waitFor();
    expect(errors).toEqual([]);
  }, 60_000);

  test("the account's Arabic beats the browser's German: right to left, no English label", async () => {
    const { page, errors } = await open("de-DE", "ar");
    expect(await visitAll(page, server.url, "ar", SCREENS)).toEqual([]);
    expect(await page.getAttribute("html", "lang")).toBe("ar");
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    // The layout mirrors: the navigation starts at the right edge.
    await page.goto(`${server.url}/#/`);
    const brand = await page.locator(".brand").boundingBox();
    expect(brand!.x).toBeGreaterThan(600);
    expect(errors).toEqual([]);
  }, 60_000);

  test("every other language, chosen in the account: the main screens with none in English", async () => {
    const others = LOCALES.map(([code]) => code).filter(
      (code) => !["en", "de", "ar"].includes(code),
    );
    const found: string[] = [];
    for (const locale of others) {
      const { page, errors } = await open("en-US", locale);
      for (const leftover of await visitAll(page, server.url, locale, SCREENS))
        found.push(`${locale} ${leftover}`);
      expect(await page.getAttribute("html", "lang")).toBe(locale);
      expect(errors).toEqual([]);
      await page.close();
    }
    expect(found).toEqual([]);
  }, 180_000);

  test("the language picked in Settings is saved and shown at once", async () => {
    const { page, account } = await open("en-US");
    await page.goto(`${server.url}/#/settings/profile`);
    await page.getByLabel("Language").selectOption("fr");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByRole("heading", { name: "Réglages", level: 1 }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    expect((await account.call("GET", "/api/user-preferences")).language).toBe("fr");
    // "Same as the browser" stores the default and follows the browser again.
    await page.getByLabel("Langue").selectOption("en");
    await page.getByRole("button", { name: "Enregistrer le profil" }).click();
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
  }, 60_000);

  test("the signed-out sign-in screen follows the browser: Japanese, its errors too", async () => {
    const context = await browser.newContext({ locale: "ja-JP" });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole("heading", { name: "fitness にログイン" }).waitFor();
    await page.getByRole("button", { name: "ログイン" }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("ja");
    // A wrong password: the client knows the case and says it in Japanese.
    await page.getByLabel("メールアドレス").fill("nobody@example.test");
    await page.getByLabel("パスワード").fill("wrong password");
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.getByText("メールアドレスまたはパスワードが正しくありません。").waitFor();
  }, 60_000);
});
