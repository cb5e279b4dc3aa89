// `make screenshots`: a PNG of every screen at 390 and 1280 px, light and dark, from a year
// of seeded data, and the time each screen takes to show its data (printed as a table).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  DEMO_TIME_ZONE,
  SCREENS,
  showScreen,
  signedInPage,
  startDemoServer,
} from "./demo-server.ts";

const OUT = join(import.meta.dir, "..", "..", "screenshots");
const WIDTHS = [390, 1280];
const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];
// SCREENSHOTS_ONLY=diary,workout shoots just those screens (names as in SCREENS, plus
// quick-entry and sign-in); unset, every screen.
const ONLY = process.env.SCREENSHOTS_ONLY?.split(",").map((name) => name.trim());
const wanted = (name: string) => !ONLY || ONLY.includes(name);

const started = performance.now();
const demo = await startDemoServer();
console.log(`started and seeded a year of data in ${Math.round(performance.now() - started)} ms`);
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  const timings: Record<string, number> = {};
  for (const colorScheme of THEMES) {
    for (const width of WIDTHS) {
      const viewport = { width, height: 900 };
      const context = await browser.newContext({
        viewport,
        colorScheme,
        timezoneId: DEMO_TIME_ZONE,
      });
      const page = await signedInPage(context, demo);
      for (const screen of SCREENS.filter((s) => wanted(s.name))) {
        const ms = await showScreen(page, demo, screen);
        if (colorScheme === "light" && width === 1280) timings[screen.name] = ms;
        await shootWholePage(page, join(OUT, `${screen.name}-${width}-${colorScheme}.png`));
      }
      // The quick-entry sheet, open over Today on its food tab.
      if (wanted("quick-entry")) await shootQuickEntry(page, width, colorScheme);
      await context.close();
      if (wanted("sign-in")) await shootSignIn(viewport, colorScheme);
    }
  }
  console.log("time to show each screen's data (1280 px, light):");
  for (const [name, ms] of Object.entries(timings)) console.log(`  ${name.padEnd(22)} ${ms} ms`);
  console.log(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await demo.stop();
}

/**
 * The whole page in one PNG, with the viewport as tall as the page: a full-page capture
 * leaves fixed parts (the phone's bottom tab bar) where the first screenful ends, over the
 * middle of a long page.
 */
async function shootWholePage(page: Page, path: string) {
  const viewport = page.viewportSize()!;
  // A card still loading (its placeholder is aria-busy) would be shot empty, and the page's
  // height would change after it is measured (cut off at the bottom, or blank below).
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 10_000 })
    .catch(() => console.warn(`${path}: still loading after 10 s`));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  // A map fetches the tiles the taller view shows and fades them in.
  if (await page.locator(".leaflet-container").count()) {
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(400);
  }
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

async function shootQuickEntry(page: Page, width: number, colorScheme: Theme) {
  await page.evaluate(() => (location.hash = "#/"));
  await page.getByRole("button", { name: "Add for today" }).click();
  const sheet = page.getByRole("dialog", { name: "Add for today" });
  await sheet.getByRole("button", { name: "Food", exact: true }).click();
  await sheet.getByRole("combobox", { name: "Search foods" }).waitFor();
  // Empty, the search lists recent and frequent foods.
  await sheet.getByRole("listbox", { name: "Foods found" }).getByRole("option").first().waitFor();
  await page.screenshot({ path: join(OUT, `quick-entry-${width}-${colorScheme}.png`) });
}

async function shootSignIn(viewport: { width: number; height: number }, colorScheme: Theme) {
  const signedOut = await browser.newContext({ viewport, colorScheme, timezoneId: DEMO_TIME_ZONE });
  const signIn = await signedOut.newPage();
  await signIn.goto(demo.url);
  await signIn.getByRole("heading", { name: "Sign in to fitness" }).waitFor();
  await signIn.screenshot({
    path: join(OUT, `sign-in-${viewport.width}-${colorScheme}.png`),
    fullPage: true,
  });
  await signedOut.close();
}
