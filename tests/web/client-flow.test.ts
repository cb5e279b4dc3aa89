import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { JPEG } from "../helpers/image-fixtures.ts";
import { launchBrowser, runBrowserTests, seriousViolations, watchErrors } from "./browser.ts";
import { postHealthData, runRecord, signUpOverApi } from "./seed.ts";

// One browser and one page walk through the client as a new user would, in order.
let server: BinaryServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const email = `${crypto.randomUUID()}@example.test`;
const today = new Date().toISOString().slice(0, 10);

async function expectAccessible() {
  expect(await seriousViolations(page)).toEqual([]);
}

let apiKey = "";

async function sessionCookie(): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "fitness_session");
  return `fitness_session=${cookie!.value}`;
}

describe.skipIf(!runBrowserTests)("the web client", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: "UTC",
    });
    page = await context.newPage();
    errors = watchErrors(page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("signs up and onboards", async () => {
    await page.goto(server.url);
    await page.getByRole("heading", { name: "Sign in to fitness" }).waitFor();
    await expectAccessible();
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Name").fill("Web Tester");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: /Welcome/ }).waitFor();
    await expectAccessible();
    await page.getByLabel("Time zone").selectOption("UTC");
    await page.getByLabel("Height (cm)").fill("180");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Your activity and first goals" }).waitFor();
    await expectAccessible();
    await page.getByLabel("Activity level").selectOption("moderate");
    await page.getByLabel("Calories (kcal)").fill("2200");
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByRole("heading", { name: "Today", exact: true }).waitFor();
    await expectAccessible();
  });

  test("records a check-in and a photo", async () => {
    await page.getByRole("link", { name: "Check-ins" }).click();
    await page.getByLabel("Weight (kg)").fill("80");
    await page.getByRole("button", { name: "Save check-in" }).click();
    await page.getByText("Check-in saved.").waitFor();
    await page.locator(".derived", { hasText: "BMI: 24.7" }).waitFor();
    // Only what was measured has a column: no row of dashes under body fat, waist, neck...
    const history = page.getByRole("region", { name: "Check-in history" });
    await history.getByRole("rowheader").first().waitFor();
    expect(await history.getByRole("columnheader").allTextContents()).toEqual([
      "Day",
      "Weight (kg)",
      "BMI",
    ]);
    await page
      .getByLabel("Add front")
      .setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: Buffer.from(JPEG) });
    await page.getByText("The front photo is saved.").waitFor();
    await page.getByRole("img", { name: /front photo of the day/ }).waitFor();
    await expectAccessible();
    const stored = await fetch(`${server.url}/api/measurements/check-in/${today}`, {
      headers: { Cookie: await sessionCookie() },
    });
    expect(((await stored.json()) as { weight: number }).weight).toBe(80);
  });

  test("creates an API key and shows it once, for the phone app to sync with", async () => {
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("link", { name: "API keys" }).click();
    // Settings opens on the profile, whose form has a "Name" field too: fill the key's only
    // once its screen is shown.
    await page.getByRole("heading", { name: "Create an API key" }).waitFor();
    await page.getByLabel("Name").fill("My phone");
    // The least a phone sync needs by default: sending health data, nothing else; each box
    // is named by what it adds, then the permission's own name.
    const box = (permission: string) =>
      page.getByRole("checkbox", { name: new RegExp(` ${permission}$`) });
    const ticked = async () => {
      const all = ["health_data_write", "data_read", "data_write", "mcp"];
      const on = await Promise.all(all.map((p) => box(p).isChecked()));
      return all.filter((_, i) => on[i]);
    };
    expect(await ticked()).toEqual(["health_data_write"]);
    await page.getByText(/A new key can only send health data from a phone/).waitFor();
    await page.getByRole("button", { name: /What the fitness phone app needs/ }).click();
    expect(await ticked()).toEqual(["health_data_write", "data_read", "data_write"]);
    await page.getByRole("button", { name: "Create key" }).click();
    apiKey = (await page.getByTestId("new-api-key").textContent()) ?? "";
    await page.getByRole("button", { name: "Revoke My phone" }).waitFor();
    await page.getByText("health_data_write, data_read, data_write ·").waitFor();
    await expectAccessible();
    const check = await fetch(`${server.url}/api/identity/user`, {
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(check.status).toBe(200);
  });

  test("opens a synced workout with its map and charts", async () => {
    await postHealthData(server.url, apiKey, [runRecord(`${today}T06:00:00.000Z`)]);
    await page.getByRole("link", { name: "Workouts" }).click();
    await page.getByRole("link", { name: /Morning run/ }).click();
    await page.getByRole("heading", { name: "Morning run" }).waitFor();
    await page.locator(".track-map path.leaflet-interactive").first().waitFor();
    await page.locator(".uplot canvas").first().waitFor();
    expect(await page.locator(".uplot").count()).toBe(4); // heart rate, pace, elevation, cadence
    // 1,199 steps of 2.36 m: two whole kilometres and 0.83 km.
    const splits = page.getByRole("region", { name: "Splits per km" }).getByRole("rowheader");
    expect(await splits.allTextContents()).toEqual(["1", "2", "3 (0.83 km)"]);
    const chart = page.locator(".uplot .u-over").first();
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator(".track-map circle, .track-map path.leaflet-interactive").nth(1).waitFor();
    await expectAccessible();
    await page.getByLabel("Notes").fill("Felt easy");
    await page.getByRole("button", { name: "Save workout" }).click();
    await page.getByText("Workout saved.").waitFor();
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Delete workout" }).click();
    await page.getByRole("heading", { name: "Workouts" }).waitFor();
    const left = await fetch(`${server.url}/api/exercise-entries/by-date?selectedDate=${today}`, {
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(await left.json()).toEqual([]);
  });

  test("grants family access, and switches to a family member's data", async () => {
    const owner = await signUpOverApi(server.url, "Owner Person");
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("link", { name: "Family sharing" }).click();
    await page.getByLabel("Their account email").fill(owner.email);
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("button", { name: `Stop sharing with ${owner.email}` }).waitFor();
    await expectAccessible();

    await owner.call("POST", "/api/identity/family-access", {
      delegate_email: email,
      can_manage_checkin: true,
      can_view_reports: true,
    });
    await owner.call("POST", "/api/measurements/check-in", { entry_date: today, weight: 70 });
    await page.reload();
    await page.getByLabel("Data of").selectOption({ label: "Owner Person" });
    await page.getByText("You are viewing and editing the data of").waitFor();
    await page.getByRole("link", { name: "Check-ins" }).click();
    expect(await page.getByLabel("Weight (kg)").inputValue()).toBe("70");
    await expectAccessible();
    await page.getByRole("button", { name: "Back to my data" }).click();
    await page.getByText("You are viewing and editing the data of").waitFor({ state: "detached" });
    await page.locator(".derived", { hasText: "BMI: 24.7" }).waitFor();
    expect(await page.getByLabel("Weight (kg)").inputValue()).toBe("80");
  });

  test("signs out only after a save still on its way has landed", async () => {
    // The save is held in the browser for a moment, so "Sign out" is clicked while it is
    // still unanswered: the session must outlive it.
    await page.route("**/api/measurements/check-in", async (route) => {
      await new Promise((held) => setTimeout(held, 500));
      await route.continue();
    });
    await page.getByLabel("Weight (kg)").fill("81");
    await page.getByRole("button", { name: "Save check-in" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to fitness" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Sign in to fitness" }).waitFor();
    expect(errors).toEqual([]);
    const stored = await fetch(`${server.url}/api/measurements/check-in/${today}`, {
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(((await stored.json()) as { weight: number }).weight).toBe(81);
  });
});
