import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

const MESSAGES = join(import.meta.dir, "..", "..", "web", "i18n", "messages");
export const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(MESSAGES, `${locale}.json`), "utf8"));
const english = catalogue("en");

/**
 * The catalogue's English labels that the locale says differently, as whole-word patterns. A
 * word both languages share is not a leftover: "Name" in German, or "Import", German for the
 * tab though the button says "Importieren".
 */
export function englishLeftovers(locale: string): [string, RegExp][] {
  const translated = catalogue(locale);
  const words = new Set(Object.values(translated));
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
    const labels = [...document.querySelectorAll("[aria-label], [title], [placeholder]")].map((e) =>
      [e.getAttribute("aria-label"), e.getAttribute("title"), e.getAttribute("placeholder")]
        .filter(Boolean)
        .join("\n"),
    );
    return [document.title, document.body.innerText, ...labels].join("\n");
  });
}

/**
 * The English labels and raw message keys the page shows, each prefixed with `where`.
 * `names` are proper names the page may show, in any language ("OpenID Connect").
 */
export async function leftoversOn(
  page: Page,
  locale: string,
  where: string,
  names: readonly string[] = [],
): Promise<string[]> {
  const text = names.reduce((shown, name) => shown.replaceAll(name, ""), await shownText(page));
  return [
    ...englishLeftovers(locale)
      .filter(([, pattern]) => pattern.test(text))
      .map(([label]) => label),
    ...Object.keys(english).filter((key) => text.includes(key)),
  ].map((found) => `${where}: ${found}`);
}
