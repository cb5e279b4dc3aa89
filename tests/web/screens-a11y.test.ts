import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchBrowser, runBrowserTests, seriousViolations, watchErrors } from "./browser.ts";
import {
  SCREENS,
  showScreen,
  signedInPage,
  startDemoServer,
  type DemoServer,
  DEMO_TIME_ZONE,
} from "./demo-server.ts";

// Every screen with a year of data, on a phone in the dark theme and a desktop in the light
// one: axe-core finds no serious or critical violation, and nothing fails in the console.
describe.skipIf(!runBrowserTests)("every screen", () => {
  let demo: DemoServer;
  let browser: Browser;

  beforeAll(async () => {
    [demo, browser] = await Promise.all([startDemoServer(), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });

  for (const [width, colorScheme] of [
    [390, "dark"],
    [1280, "light"],
  ] as const) {
    test(`is accessible at ${width} px in the ${colorScheme} theme`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        colorScheme,
        timezoneId: DEMO_TIME_ZONE,
      });
      const page = await signedInPage(context, demo);
      const errors = watchErrors(page);
      const found: Record<string, string[]> = {};
      for (const screen of SCREENS) {
        await showScreen(page, demo, screen);
        const violations = await seriousViolations(page);
        if (violations.length) found[screen.name] = violations;
      }
      // At desktop width the top bar shows every place, the administration's too, unscrolled.
      if (width === 1280)
        expect(
          await page.$eval("nav[aria-label=Main]", (nav) => nav.scrollWidth - nav.clientWidth),
        ).toBe(0);
      await context.close();
      expect(found).toEqual({});
      expect(errors).toEqual([]);
    }, 240_000);
  }
});
