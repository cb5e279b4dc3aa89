/** The languages the web client speaks: English is the source of every message. */
export const LOCALES = [
  ["en", "English"],
  ["de", "Deutsch"],
  ["fr", "Français"],
  ["es", "Español"],
  ["pt-BR", "Português (Brasil)"],
  ["it", "Italiano"],
  ["nl", "Nederlands"],
  ["pl", "Polski"],
  ["ja", "日本語"],
  ["ar", "العربية"],
] as const;

export type Locale = (typeof LOCALES)[number][0];

const CODES: readonly string[] = LOCALES.map(([code]) => code);
const RIGHT_TO_LEFT: readonly string[] = ["ar"];

/**
 * The stored `language` preference every account starts with ("en", also SparkyFitness's
 * default): it means no choice was made, so the browser's language applies. Picking English
 * in Settings stores "en-US".
 */
export const BROWSER_LANGUAGE = "en";

/** The supported locale closest to a language tag ("de-AT" → de, "pt" → pt-BR), if any. */
export function supportedLocale(tag: string): Locale | null {
  const exact = CODES.find((code) => code.toLowerCase() === tag.toLowerCase());
  if (exact) return exact as Locale;
  const base = tag.split("-")[0]!.toLowerCase();
  return (CODES.find((code) => code.split("-")[0] === base) as Locale | undefined) ?? null;
}

/** The account's language when it chose one, else the first of the browser's we speak. */
export function pickLocale(preference: string | undefined, browser: readonly string[]): Locale {
  if (preference && preference !== BROWSER_LANGUAGE) {
    const chosen = supportedLocale(preference);
    if (chosen) return chosen;
  }
  for (const tag of browser) {
    const found = supportedLocale(tag);
    if (found) return found;
  }
  return "en";
}

export function direction(locale: Locale): "rtl" | "ltr" {
  return RIGHT_TO_LEFT.includes(locale) ? "rtl" : "ltr";
}
