import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "./app-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

// A new user in US units from onboarding to a calorie goal, without a reload: the activity
// level chosen is the one the planner uses, water is asked in fl oz, and the goal saved
// shows at once in every card.
let server: AppServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);
const KG_PER_LB = 0.45359237;

/** What the planner should offer: Mifflin-St Jeor × 1.55 (moderate), less 1 lb a week. */
function expectedFigures(weightLb: number, heightCm: number, born: string) {
  const age =
    Number(today.slice(0, 4)) - Number(born.slice(0, 4)) - (today.slice(5) < born.slice(5) ? 1 : 0);
  const resting = 10 * weightLb * KG_PER_LB + 6.25 * heightCm - 5 * age + 5;
  const expenditure = resting * 1.55;
  return {
    expenditure: Math.round(expenditure),
    goal: Math.round(expenditure - (KG_PER_LB * 7700) / 7),
  };
}
const figure = (n: number) => n.toLocaleString("en-US");

describe.skipIf(!runBrowserTests)("onboarding to a calorie goal in US units", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url, { width: 390 });
    await user.page.goto(`${server.url}/#/welcome`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("onboarding asks for water in fl oz and keeps the activity level", async () => {
    const { page } = user;
    await page.getByLabel("Units").selectOption("imperial");
    await page.getByLabel("Date of birth").fill("1990-05-15");
    await page.getByLabel("Sex").selectOption("male");
    await page.getByLabel("Feet (ft)").fill("5");
    await page.getByLabel("Inches (in)").fill("10");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Activity level").selectOption("moderate");
    await page.getByLabel("Water (fl oz)").fill("64");
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByRole("heading", { name: "Today", exact: true }).waitFor();
    const goals = await user.call("GET", `/api/goals/for-date?date=${today}`);
    expect(goals.water_goal_ml).toBe(Math.round(64 * 29.5735295625));
  });

  test("the planner works from that activity level; the goal shows at once in every card", async () => {
    const { page } = user;
    await user.call("POST", "/api/measurements/check-in", {
      entry_date: today,
      weight: 190 * KG_PER_LB,
    });
    // Within the app, as a person goes: no reload since onboarding.
    await page.evaluate(() => (location.hash = "#/goals"));
    const { expenditure, goal } = expectedFigures(190, 177.8, "1990-05-15");
    const planner = page.getByRole("region", { name: "Calorie goal from your profile" });
    await planner.getByText(`you use about ${figure(expenditure)} kcal a day`).waitFor();
    expect(await page.getByLabel("Weekly change").locator("option:checked").textContent()).toBe(
      "Lose 1 lb a week",
    );
    await planner.getByText(`Daily goal: ${figure(goal)} kcal`).waitFor();
    await planner.getByLabel("Goal weight (lb)").fill("175");
    await planner.getByRole("button", { name: "Use this goal" }).click();
    await planner.getByText("Your calorie goal is saved from today.").waitFor();

    const timeline = page.getByRole("region", { name: "Goal timeline" });
    await timeline.getByText(`Calories ${figure(goal)} kcal`).waitFor();
    const todays = page.getByRole("region", { name: "Today's goals" });
    await todays.getByText(`Calories ${figure(goal)} kcal`).waitFor();
    expect(await todays.textContent()).toContain("Water 64 fl oz");
    expect(await planner.textContent()).toContain("about 1 lb a week");
    const stored = await user.call("GET", `/api/goals/for-date?date=${today}`);
    expect(stored.calories).toBe(goal);
  });

  test("the weight chart draws the path to the goal weight", async () => {
    const { page } = user;
    await page.evaluate((day) => (location.hash = `#/check-ins/${day}`), today);
    await page.getByText(/Goal weight 175 lb, reached around/).waitFor();
    await page.locator(".uplot canvas").first().waitFor();
    // The goal's colour (#6d28d9) on the canvas: the line, not only its legend.
    const goalPixels = await page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>(".uplot canvas")!;
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.abs(r - 0x6d) < 24 && Math.abs(g - 0x28) < 24 && Math.abs(b - 0xd9) < 24) count++;
      }
      return count > 200 && count;
    });
    expect(Number(await goalPixels.jsonValue())).toBeGreaterThan(200);
  });
});
