import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: BinaryServer;
let browser: Browser;
let user: ScreenSession;

/** The 10th of the month `by` months from this one, as YYYY-MM-DD. */
function dayOfMonthAgo(by: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - by, 10));
  return date.toISOString().slice(0, 10);
}

describe.skipIf(!runBrowserTests)("the workouts list", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("goes back to earlier months and shows a workout from two months ago", async () => {
    const { page } = user;
    const [running] = await user.call("GET", "/api/exercises/search?searchTerm=Running");
    await user.call("POST", "/api/exercise-entries", {
      exercise_id: running.id,
      entry_date: dayOfMonthAgo(2),
      duration_minutes: 42,
      exercise_name: "Long run two months ago",
    });
    await page.goto(`${server.url}/#/workouts`);
    const list = page.getByRole("region", { name: "List" });
    await list.getByText(/^No workouts in /).waitFor();
    const previous = page.getByRole("button", { name: "Previous month" });
    await previous.click();
    await list.getByText(/^No workouts in /).waitFor();
    await previous.click();
    await list.getByRole("link", { name: /^Long run two months ago/ }).waitFor();
    // And forward again to the month before, which has none.
    await page.getByRole("button", { name: "Next month" }).click();
    await list.getByText(/^No workouts in /).waitFor();
    expect(await user.violations()).toEqual([]);
  }, 120_000);
});
