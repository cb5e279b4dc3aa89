import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import { fixturePoints, makeGpx } from "../exercises/activity-fixtures.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: BinaryServer;
let browser: Browser;
let user: ScreenSession;
const today = new Date().toISOString().slice(0, 10);
const BENCH = "Barbell Bench Press";
const SQUAT = "Barbell Back Squat";

const card = (title: string) => user.page.getByRole("region", { name: title });

/** Types into an exercise search box and picks the exercise named `name` from the list. */
async function pickExercise(label: string, term: string, name: string) {
  await user.page.getByRole("combobox", { name: label }).fill(term);
  await user.page
    .getByRole("option", { name: new RegExp(`^${name}`) })
    .first()
    .click();
}

describe.skipIf(!runBrowserTests)("the exercise screen", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url);
    await user.page.goto(`${server.url}/#/exercise/${today}`);
    await card("Logged").getByText("Nothing logged on this day.").waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("logs a strength session with Enter for each set and shows the personal record", async () => {
    const { page } = user;
    await pickExercise("Add an exercise", "bench press", BENCH);
    await page.getByLabel(`${BENCH} set 1 reps`).fill("5");
    await page.getByLabel(`${BENCH} set 1 weight (kg)`).fill("80");
    await page.getByLabel(`${BENCH} set 1 weight (kg)`).press("Enter");
    // The next set comes prefilled from the one before, with the cursor in its reps.
    const weight2 = page.getByLabel(`${BENCH} set 2 weight (kg)`);
    expect(await weight2.inputValue()).toBe("80");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `${BENCH} set 2 reps`,
    );
    await weight2.fill("85");
    await pickExercise("Add an exercise", "back squat", SQUAT);
    await page.getByLabel(`${SQUAT} set 1 reps`).fill("5");
    await page.getByLabel(`${SQUAT} set 1 weight (kg)`).fill("100");
    await page.getByRole("button", { name: "Save session" }).click();
    await card("Logged")
      .getByText(/^Personal records: .*Heaviest weight, 85 kg/)
      .waitFor();
    const records = await user.call("GET", "/api/personal-records");
    const heaviest = records.find(
      (r: { record_type: string; exercise_name: string }) =>
        r.record_type === "max_weight" && r.exercise_name === BENCH,
    );
    expect(heaviest.value).toBe(85);

    // Today's Last workout is the whole session, its untimed sets counted: 3 x (5 reps x 3 s
    // + 90 s rest) and the MET estimate's kcal summed over both exercises, as the workouts list
    // shows it; the energy budget counts the kcal too (0 of both before).
    await page.goto(`${server.url}/#/`);
    const last = card("Last workout").getByRole("link");
    await last
      .getByText(/· 5 min 15 s · \d+ kcal · Barbell Bench Press \+ Barbell Back Squat$/)
      .waitFor();
    expect(await last.locator("strong").innerText()).toBe("Strength session");
    const burned = page.locator(".budget-part", { hasText: "Exercise" }).locator(".budget-value");
    expect(Number(await burned.innerText())).toBeGreaterThan(0);
    await page.goto(`${server.url}/#/exercise/${today}`);

    // Adding the exercise again shows the previous session's sets beside the inputs.
    await pickExercise("Add an exercise", "bench press", BENCH);
    const table = page.getByRole("table", { name: `Sets of ${BENCH}` });
    await table.getByText("5 × 80 kg").waitFor();
    await page.getByRole("button", { name: `Remove ${BENCH} set 1` }).click();

    await page.getByRole("link", { name: "Progress", exact: true }).click();
    await pickExercise("Show the progress of", "bench press", BENCH);
    const recordsCard = card(`Personal records: ${BENCH}`);
    await recordsCard.getByRole("cell", { name: "Heaviest weight" }).waitFor();
    await card(`Progress: ${BENCH}`).locator(".uplot").waitFor();
    expect(await user.violations()).toEqual([]);
  }, 120_000);

  test("logs, edits and deletes a cardio entry", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/exercise/${today}`);
    await pickExercise("Cardio exercise", "rowing", "Rowing Machine");
    await page.getByLabel("Duration (min)").fill("30");
    await page.getByLabel("Distance (km)").fill("6");
    await page.getByLabel("Average heart rate (bpm)").fill("140");
    await page.getByRole("button", { name: "Log cardio" }).click();
    const logged = card("Logged");
    await logged.getByText(/30 min · 6 km · 140 bpm/).waitFor();
    await logged.getByRole("button", { name: /^Edit Rowing/ }).click();
    await logged.getByLabel("Duration (min)").fill("40");
    await logged.getByRole("button", { name: "Save changes" }).click();
    await logged.getByText(/40 min · 6 km · 140 bpm/).waitFor();
    await logged.getByRole("button", { name: /^Delete Rowing/ }).click();
    await logged.getByText(/40 min · 6 km/).waitFor({ state: "detached" });
  }, 120_000);

  test("saves a session as a preset, starts it today and plans it", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/exercise/${today}`);
    await page.getByRole("button", { name: "Save as preset Strength session" }).click();
    await page.getByText("Saved “Strength session” as a preset.").waitFor();
    await page.getByRole("link", { name: "Presets and plans" }).click();
    await page.getByRole("button", { name: "Start today Strength session" }).click();
    await page.getByText("Started “Strength session” today").waitFor();
    const day = await user.call("GET", `/api/v2/exercise-entries/by-date?selectedDate=${today}`);
    expect(day.filter((i: { type: string }) => i.type === "preset")).toHaveLength(2);
    // The workouts list names each session as it was saved, beneath it the session's minutes
    // and kcal (three untimed sets of 5 reps: 3 x (15 s + 90 s rest)) and its exercises.
    await page.goto(`${server.url}/#/workouts`);
    const sessionRow = page
      .getByRole("link", { name: /^Strength session/ })
      .filter({ hasText: new RegExp(`5 min 15 s · \\d+ kcal · ${BENCH} \\+ ${SQUAT}`) })
      .first();
    await sessionRow.waitFor();
    await sessionRow.click();
    await page.getByRole("heading", { name: BENCH }).waitFor();
    await page.goto(`${server.url}/#/exercise/presets`);
    await page.getByLabel("Plan name").fill("Push week");
    await page.getByLabel("Monday").selectOption({ label: "Strength session" });
    await page.getByRole("button", { name: "Create plan" }).click();
    await page.getByText("Monday: Strength session").waitFor();
    const [plan] = await user.call("GET", "/api/workout-plan-templates");
    expect(plan.assignments.map((a: { day_of_week: number }) => a.day_of_week)).toEqual([1]);
    expect(await user.violations()).toEqual([]);
  }, 120_000);

  test("imports a GPX file and lists the workout on its day", async () => {
    const { page } = user;
    await page.goto(`${server.url}/#/exercise/import`);
    const gpx = makeGpx(fixturePoints(`${today}T06:00:00Z`, 600));
    await page.locator(".drop-zone input[type=file]").setInputFiles({
      name: "morning.gpx",
      mimeType: "application/gpx+xml",
      buffer: Buffer.from(gpx),
    });
    await page.getByText(/morning\.gpx\s*Imported: Running/).waitFor({ timeout: 60_000 });
    await page.getByRole("link", { name: "Day", exact: true }).click();
    const logged = card("Logged");
    await logged.getByText(/Running.*10 min · 1\.8 km/).waitFor();
    await logged.getByText("· file").waitFor();
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  }, 120_000);
});
