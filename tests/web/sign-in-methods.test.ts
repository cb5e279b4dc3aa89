import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { makeAdmin } from "../helpers/accounts.ts";
import type { TestUser } from "../helpers/test-app.ts";
import { launchBrowser, runBrowserTests, seriousViolations, watchErrors } from "./browser.ts";
import { startLocalhostServer, type LocalhostServer } from "./localhost-server.ts";

let server: LocalhostServer;
let browser: Browser;
let admin: TestUser;

/** A browser context, signed in as `user` when one is given. */
async function open(user?: TestUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (user)
    await context.addCookies([{ name: "fitness_session", value: user.token, url: server.url }]);
  const page = await context.newPage();
  return { context, page };
}

async function api<T>(user: TestUser, path: string): Promise<T> {
  const answer = await server.ctx.request(path, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as T;
}

/** The email of the session the page's cookie names, asked from the page itself. */
function sessionEmail(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => {
    const session = await (await fetch("/api/auth/get-session")).json();
    return session?.user?.email;
  });
}

describe.skipIf(!runBrowserTests)("sign-in methods in the web client", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startLocalhostServer(), launchBrowser()]);
    admin = await server.ctx.createUser("Admin");
    await makeAdmin(server.ctx, admin.id);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("the admin adds an identity provider and flips the sign-in switches", async () => {
    const { context, page } = await open(admin);
    const errors = watchErrors(page);
    await page.goto(`${server.url}/#/admin/oidc`);
    await page.getByLabel("Name on the button").fill("Family IdP");
    await page.getByLabel("Slug").fill("family-idp");
    await page.getByLabel("Issuer URL").fill(server.provider.issuer);
    await page.getByLabel("Client ID").fill(server.provider.clientId);
    await page.getByLabel("Client secret").fill(server.provider.clientSecret);
    await page.getByLabel("Create an account on first sign-in").check();
    await page.getByRole("button", { name: "Add provider" }).click();
    await page.locator(".key-row", { hasText: "Family IdP" }).waitFor();
    const providers = await api<Record<string, unknown>[]>(admin, "/api/admin/oidc-providers");
    expect(providers).toHaveLength(1);
    expect(providers[0]).toMatchObject({
      slug: "family-idp",
      display_name: "Family IdP",
      issuer_url: server.provider.issuer,
      client_id: server.provider.clientId,
      auto_register: true,
      enabled: true,
      redirect_uri: `${server.url}/api/auth/oidc-callback`,
    });
    expect(providers[0]).not.toHaveProperty("client_secret");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Sign-in settings" }).click();
    const password = page.getByRole("checkbox", { name: /Password sign-in/ });
    await password.waitFor();
    expect(await password.isChecked()).toBe(true);
    await password.uncheck();
    await page.getByText("Sign-in settings saved.").waitFor();
    type Settings = { passwordSignIn: boolean; secondFactorRequired: boolean };
    expect(await api<Settings>(admin, "/api/admin/auth-settings")).toEqual({
      passwordSignIn: false,
      secondFactorRequired: false,
    });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    // Signed out, the password form is gone and the provider's button is there.
    const signedOut = await open();
    await signedOut.page.goto(server.url);
    await signedOut.page.getByRole("button", { name: "Sign in with Family IdP" }).waitFor();
    expect(await signedOut.page.getByLabel("Password").count()).toBe(0);
    await signedOut.context.close();

    const saved = page.waitForResponse((r) => r.url().endsWith("/api/admin/auth-settings"));
    await password.check();
    await saved;
    const settings = await api<Settings>(admin, "/api/admin/auth-settings");
    expect(settings.passwordSignIn).toBe(true);
    await context.close();
  }, 120_000);

  test("registers a passkey in Settings, signs out and signs back in with it", async () => {
    const user = await server.ctx.createUser("Passkey Person");
    const { context, page } = await open(user);
    const errors = watchErrors(page);
    const devtools = await context.newCDPSession(page);
    await devtools.send("WebAuthn.enable");
    await devtools.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await page.goto(`${server.url}/#/settings/passkeys`);
    await page.getByLabel("Passkey name").fill("Laptop");
    await page.getByRole("button", { name: "Add passkey" }).click();
    await page.locator(".key-row", { hasText: "Laptop" }).waitFor();
    const keys = await api<{ name: string }[]>(user, "/api/auth/passkey/list-user-passkeys");
    expect(keys.map((k) => k.name)).toEqual(["Laptop"]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    expect(await sessionEmail(page)).toBe(user.email);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test("signs in through the identity provider's button (auto-registered)", async () => {
    const accountId = crypto.randomUUID();
    const email = `${accountId}@example.test`;
    server.provider.accounts.set(accountId, { email, emailVerified: true, name: "Sso Person" });
    const { context, page } = await open();
    await page.goto(server.url);
    await page.getByRole("button", { name: "Sign in with Family IdP" }).click();
    // The provider's development login page, then its consent page.
    await page.locator("input[name=login]").fill(accountId);
    await page.locator("input[name=password]").fill("any password");
    await page.locator("button[type=submit]").click();
    await page.locator("input[name=login]").waitFor({ state: "detached" });
    // Consent (once per client), until the provider sends the browser back.
    for (let step = 0; step < 3 && !page.url().startsWith(server.url); step++) {
      const before = page.url();
      await page.locator("button[type=submit]").first().click();
      await page.waitForURL((url) => url.href !== before);
    }
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    expect(await sessionEmail(page)).toBe(email);
    await context.close();
  }, 120_000);
});
