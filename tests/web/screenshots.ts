// `make screenshots`: a PNG of every screen at 390 and 1280 px, light and dark, from a year
// of seeded data, and the time each screen takes to show its data (printed as a table).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
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
      for (const screen of SCREENS) {
        const ms = await showScreen(page, demo, screen);
        if (colorScheme === "light" && width === 1280) timings[screen.name] = ms;
        const path = join(OUT, `${screen.name}-${width}-${colorScheme}.png`);
        await page.screenshot({ path, fullPage: true });
      }
      // The quick-entry sheet, open over Today on its food tab.
      await page.evaluate(() => (location.hash = "#/"));
      await page.getByRole("button", { name: "Add for today" }).click();
      const sheet = page.getByRole("dialog", { name: "Add for today" });
      await sheet.getByRole("button", { name: "Food", exact: true }).click();
      await sheet.getByRole("combobox", { name: "Search foods" }).waitFor();
      await page.screenshot({ path: join(OUT, `quick-entry-${width}-${colorScheme}.png`) });
      await context.close();
      const signedOut = await browser.newContext({
        viewport,
        colorScheme,
        timezoneId: DEMO_TIME_ZONE,
      });
      const signIn = await signedOut.newPage();
      await signIn.goto(demo.url);
      await signIn.getByRole("heading", { name: "Sign in to fitness" }).waitFor();
      await signIn.screenshot({
        path: join(OUT, `sign-in-${width}-${colorScheme}.png`),
        fullPage: true,
      });
      await signedOut.close();
    }
  }
  console.log("time to show each screen's data (1280 px, light):");
  for (const [name, ms] of Object.entries(timings)) console.log(`  ${name.padEnd(22)} ${ms} ms`);
  console.log(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await demo.stop();
}
