import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinaryServer, type BinaryServer } from "../helpers/binary-server.ts";
import {
  at,
  lap,
  records,
  session,
  writeFit,
  type FitMessage,
} from "../activity-files/fit-writer.ts";
import { launchBrowser, runBrowserTests } from "./browser.ts";
import { openAsNewUser, type ScreenSession } from "./screen-session.ts";

let server: BinaryServer;
let browser: Browser;
let user: ScreenSession;

/**
 * A triathlon: swim, transition, ride, transition, run, each leg with GPS and a lap; the
 * device counted kcal on the laps of the three sports, not on the transitions'.
 */
function triathlon(): Uint8Array {
  const legs = [
    { sport: "swimming", subSport: "openWater", s: 0, n: 300, m: 500, kcal: 60 },
    { sport: "transition", s: 300, n: 60, m: 100 },
    { sport: "cycling", s: 360, n: 900, m: 8000, kcal: 1250 },
    { sport: "transition", s: 1260, n: 40, m: 50 },
    { sport: "running", s: 1300, n: 600, m: 2000, kcal: 180 },
  ];
  const messages: FitMessage[] = [];
  for (const [i, leg] of legs.entries()) {
    const start = at("2026-05-03T07:00:00Z", leg.s);
    messages.push(...records(start, leg.n, () => ({ heartRate: 140 })));
    messages.push({ ...lap(start, leg.n), totalCalories: leg.kcal });
    messages.push(
      session(start, leg.n, {
        sport: leg.sport,
        subSport: leg.subSport ?? "generic",
        totalDistance: leg.m,
        avgHeartRate: 140,
        firstLapIndex: i,
        numLaps: 1,
      }),
    );
  }
  return writeFit(messages);
}

describe.skipIf(!runBrowserTests)("a multisport workout in the web client", () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startBinaryServer(), launchBrowser()]);
    user = await openAsNewUser(browser, server.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("shows the legs on a timeline with their figures; a leg shows its part of the map", async () => {
    const form = new FormData();
    form.append("file", new File([triathlon() as BlobPart], "tri.fit"));
    const res = await fetch(`${server.url}/api/exercise-entries/import`, {
      method: "POST",
      headers: { Authorization: `Bearer ${user.token}` },
      body: form,
    });
    const outcome = ((await res.json()) as any).files[0];
    expect(outcome).toMatchObject({ status: "imported", activity: "Triathlon" });
    const { page } = user;
    await page.goto(`${server.url}/#/workouts/${outcome.entry_id}`);
    const legs = page.getByRole("group", { name: "Legs on a timeline" });
    await legs.getByRole("button", { name: "Cycling" }).waitFor();
    expect(await legs.getByRole("button").allTextContents()).toEqual([
      "Open Water Swimming",
      "Transition",
      "Cycling",
      "Transition",
      "Running",
    ]);
    const rows = await page.getByRole("table").first().getByRole("row").allTextContents();
    expect(rows[3]).toMatch(/^Cycling.*15 min.*8(\.00?)? km/);
    // The laps table has a calories column: the device's kcal, a dash where it counted none.
    const laps = page.getByRole("region", { name: "Laps", exact: true }).getByRole("row");
    expect(await laps.first().innerText()).toMatch(/Calories$/);
    expect(await laps.nth(2).innerText()).toMatch(/–$/);
    expect(await laps.nth(3).innerText()).toMatch(/1,250 kcal$/);
    const splits = page.getByRole("region", { name: "Splits", exact: true }).getByRole("row");
    const allSplits = await splits.count();
    await legs.getByRole("button", { name: "Cycling" }).click();
    expect(await legs.getByRole("button", { name: "Cycling" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    // The map, charts and splits show the ride only: 900 of the 1,900 points, 3 km of 6.3.
    await page.getByRole("region", { name: "Map of the workout's route" }).waitFor();
    expect(await splits.count()).toBeLessThan(allSplits);
    expect(await user.violations()).toEqual([]);
    expect(user.errors).toEqual([]);
  }, 120_000);
});
