import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startFakeModelServer, type FakeModelServer } from "../fakes/openai-compatible.ts";
import { jsonRequest } from "../helpers/test-app.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: AppServer;
let model: FakeModelServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);

describe.skipIf(!runBrowserTests)("the assistant", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    model = startFakeModelServer();
    const admin = await server.ctx.createUser("Admin");
    await server.ctx.db.owner`update users set role = 'admin' where id = ${admin.id}`;
    const settings = await server.ctx.request(
      "/api/admin/chat/settings",
      jsonRequest("PUT", admin.token, {
        provider: "openai-compatible",
        base_url: model.baseUrl,
        model: "test-model",
        api_key: "sk-test",
        allow_private_network: true,
      }),
    );
    expect(settings.status).toBe(200);
    user = await openAsNewUser(browser, server.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    model?.stop();
    await server?.stop();
  });

  test("streams an answer, shows the tool call, and keeps the conversation", async () => {
    await user.call("POST", "/api/measurements/check-in", { entry_date: today, weight: 77.5 });
    model.script(
      { toolCalls: [{ name: "get_checkin", arguments: { date: today } }] },
      { text: "You weighed 77.5 kg today." },
    );
    const { page } = user;
    await page.goto(`${server.url}/#/assistant`);
    await page.getByLabel("Message").fill("What did I weigh today?");
    await page.keyboard.press("Enter");
    await page.getByText("You weighed 77.5 kg today.").waitFor();
    await page.locator(".tool-call summary").first().waitFor();
    await page.getByRole("link", { name: /What did I weigh/ }).waitFor();
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});
