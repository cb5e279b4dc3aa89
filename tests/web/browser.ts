import { existsSync, readFileSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

/** Debian's Chromium (installed by .ci/run); CHROMIUM_PATH overrides it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Whether the browser tests run: skipped (with a note) on a machine without Chromium, unless
 * FITNESS_REQUIRE_BROWSER is set, as .ci/run does, where a missing browser is a failure.
 */
export const runBrowserTests = existsSync(CHROMIUM) || Boolean(process.env.FITNESS_REQUIRE_BROWSER);
if (!runBrowserTests) console.warn(`browser tests skipped: no Chromium at ${CHROMIUM}`);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
};

/**
 * axe-core's serious and critical violations on the page as it is now. The script is run
 * through the DevTools protocol, which the page's Content-Security-Policy does not block.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Collects console errors and failed requests (a CSP violation shows as a console error). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) {
      errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return errors;
}
