import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startFakeModelServer, type FakeModelServer } from "../fakes/openai-compatible.ts";
import { JPEG } from "../helpers/image-fixtures.ts";
import { jsonRequest } from "../helpers/test-app.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";
import { makeAdmin } from "../helpers/accounts.ts";

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
    await makeAdmin(server.ctx, admin.id);
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
  test("a meal photo's proposal is corrected, then only the ticked foods are logged", async () => {
    model.script({
      text: JSON.stringify({
        foods: [
          {
            name: "Fried egg",
            serving_size: 2,
            serving_unit: "piece",
            calories: 180,
            protein: 12,
            carbs: 1,
            fat: 14,
            confidence: "medium",
          },
          {
            name: "Toast",
            serving_size: 1,
            serving_unit: "slice",
            calories: 80,
            protein: 3,
            carbs: 15,
            fat: 1,
          },
        ],
      }),
    });
    const { page } = user;
    await page.goto(`${server.url}/#/assistant`);
    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "breakfast.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(JPEG),
    });
    await page.getByRole("button", { name: "Estimate" }).click();
    const proposal = page.getByRole("form", { name: "Proposed foods" });
    await proposal.waitFor();
    await proposal.getByLabel("Calories (kcal)").first().fill("200");
    await proposal.getByRole("checkbox", { name: /Toast/ }).uncheck();
    await proposal.getByRole("button", { name: "Log the ticked foods" }).click();
    await page.getByText("Logged 1 food in today's diary.").waitFor();
    const entries = (await user.call("GET", `/api/food-entries/by-date/${today}`)) as {
      food_name: string;
      calories: number;
    }[];
    expect(entries.map((e) => [e.food_name, Math.round(e.calories)])).toEqual([["Fried egg", 200]]);
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});
