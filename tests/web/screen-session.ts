import type { Browser, Page } from "playwright-core";
import { seriousViolations, watchErrors } from "./browser.ts";
import { signUpOverApi } from "./seed.ts";

export type ScreenSession = Awaited<ReturnType<typeof signUpOverApi>> & {
  page: Page;
  /** Console errors and failed requests seen so far. */
  errors: string[];
  /** axe-core's serious and critical violations on the page as it is now. */
  violations(): Promise<string[]>;
};

/** A new account signed in in its own browser context, for one screen's tests. */
export async function openAsNewUser(
  browser: Browser,
  url: string,
  options: { width?: number; colorScheme?: "light" | "dark" } = {},
): Promise<ScreenSession> {
  const account = await signUpOverApi(url, "Screen Tester");
  await account.call("PUT", "/api/identity/profiles", { timezone: "UTC", height: 175 });
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? "light",
    timezoneId: "UTC",
  });
  await context.addCookies([{ name: "fitness_session", value: account.token, url }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  return { ...account, page, errors, violations: () => seriousViolations(page) };
}
