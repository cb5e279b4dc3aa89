import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

const MESSAGES = join(import.meta.dir, "..", "..", "web", "i18n", "messages");
export const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(MESSAGES, `${locale}.json`), "utf8"));
const english = catalogue("en");

/**
 * The catalogue's English labels that the locale says differently, as whole-word patterns. A
 * word both languages share is not a leftover: "Name" in German, "Import", German for the tab
 * though the button says "Importieren", or "Rest" and "Plans", which German writes in its own
 * sentences ("den Rest", "Name des Plans").
 */
export function englishLeftovers(locale: string): [string, RegExp][] {
  const messages = Object.values(catalogue(locale));
  const words = new Set([...messages, ...messages.flatMap((m) => m.match(/\p{L}+/gu) ?? [])]);
  return Object.entries(english)
    .filter(([, text]) => !text.includes("{") && !words.has(text) && text.length > 2)
    .map(([, text]) => [
      text,
      new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u"),
    ]);
}

/** What a person reads and what a screen reader announces: text, labels and button names. */
export async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = [
      ...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]"),
    ].map((e) =>
      ["aria-label", "title", "placeholder", "alt"]
        .map((name) => e.getAttribute(name))
        .filter(Boolean)
        .join("\n"),
    );
    return [document.title, document.body.innerText, ...labels].join("\n");
  });
}

/** Names that are the same in every language, whatever English words they hold. */
const NAMES = ["Open Food Facts", "Garmin Connect", "OpenID Connect"];

/**
 * The English labels and raw message keys the page shows now, each prefixed with `where`.
 * `names` are more proper names the page may show, in any language ("OpenID Connect").
 */
export async function leftoversShown(
  page: Page,
  locale: string,
  where: string,
  names: readonly string[] = [],
): Promise<string[]> {
  const text = [...NAMES, ...names].reduce(
    (shown, name) => shown.replaceAll(name, ""),
    await shownText(page),
  );
  const found = englishLeftovers(locale)
    .filter(([, pattern]) => pattern.test(text))
    .map(([label]) => `${where}: ${label}`);
  // No raw key either (a message the catalogue lacks).
  for (const key of Object.keys(english)) if (text.includes(key)) found.push(`${where}: ${key}`);
  return found;
}

/**
 * Visits each screen (with a heading to wait for, and optionally elements that show it is
 * drawn) and lists what it shows in English.
 */
export async function visitAll(
  page: Page,
  url: string,
  locale: string,
  screens: (string | [string, ...string[]])[],
): Promise<string[]> {
  const found: string[] = [];
  for (const entry of screens) {
    const [screen, ...drawn] = typeof entry === "string" ? [entry] : entry;
    await page.goto(`${url}/#${screen}`);
    await page.locator("main h1").first().waitFor();
    await page.locator(".placeholder").first().waitFor({ state: "detached" });
    for (const selector of drawn) await page.locator(selector).first().waitFor();
    found.push(...(await leftoversShown(page, locale, screen)));
  }
  return found;
}
