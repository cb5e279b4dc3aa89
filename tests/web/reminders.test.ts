import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startFakePushService, type FakePushService } from "../fakes/push-service.ts";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: AppServer;
let browser: Browser;
let push: FakePushService;
let user: ScreenSession;

describe.skipIf(!runBrowserTests)("Settings → Reminders", () => {
  beforeAll(async () => {
    push = await startFakePushService();
    [server, browser] = await Promise.all([
      startAppServer({ SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "127.0.0.1" }),
      launchBrowser(),
    ]);
    user = await openAsNewUser(browser, server.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await push?.close();
  });

  test("the subscribed browsers, a test notification, and which reminders go where", async () => {
    const { page } = user;
    const subscription = push.subscribe();
    await user.call("POST", "/api/push/subscriptions", subscription.json);
    await page.goto(`${server.url}/#/settings/reminders`);
    const devices = page.getByRole("region", { name: "Notifications" });
    await devices.locator(".key-row").waitFor();
    // Served over http here: the page says why this browser cannot subscribe.
    await devices.getByText("Notifications need the app opened over https.").waitFor();
    expect(await user.violations()).toEqual([]);

    await devices.getByRole("button", { name: "Send a test notification" }).click();
    await devices.getByText("A test notification was sent to your browsers.").waitFor();
    expect(push.received.map((r) => r.message.title)).toEqual(["Test notification"]);

    const form = page.getByRole("form", { name: "Reminder settings" });
    await form.getByLabel("Log meals at").fill("12:30");
    await form.getByLabel("Weigh in by browser notification").uncheck();
    await form.getByLabel("Send reminders by email too").check();
    await form.getByLabel("Quiet from").fill("22:00");
    await form.getByLabel("Quiet until").fill("07:00");
    await form.getByRole("button", { name: "Save reminders" }).click();
    await form.getByText("Reminders saved.").waitFor();
    const saved = await user.call("GET", "/api/user-preferences");
    expect(saved).toMatchObject({
      meal_reminder_time: "12:30",
      reminder_email: true,
      reminder_push_kinds: ["meal", "water", "medication", "fast"],
      quiet_hours_start: "22:00",
      quiet_hours_end: "07:00",
    });

    await devices.getByRole("button", { name: /^Remove/ }).click();
    await devices.getByText("No browser gets reminders yet.").waitFor();
    expect(await user.call("GET", "/api/push/subscriptions")).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});
