import { signal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import type { IntlMessageFormat } from "intl-messageformat";
import { CATALOGUES, type Catalogue, type MessageKey } from "./catalogues.ts";
import { direction, type Locale } from "./locales.ts";

export type { MessageKey } from "./catalogues.ts";

type Values = Record<string, string | number | Date>;
type Loaded = {
  locale: Locale;
  messages: Catalogue;
  english: Catalogue;
  Format: typeof IntlMessageFormat;
  compiled: Map<string, IntlMessageFormat>;
};

let loaded: Loaded | null = null;
/** The language shown; components that read it re-render when it changes. */
export const locale = signal<Locale>("en");

/**
 * Loads a language: its catalogue, English (for a key a catalogue lacks) and the ICU message
 * formatter, each a chunk of its own so the first screen's script stays small. Sets
 * `<html lang dir>`.
 */
export async function loadLocale(next: Locale): Promise<void> {
  if (loaded?.locale === next) return;
  const [{ default: messages }, { default: english }, { IntlMessageFormat: Format }] =
    await Promise.all([CATALOGUES[next]!(), CATALOGUES.en!(), import("intl-messageformat")]);
  loaded = { locale: next, messages, english, Format, compiled: new Map() };
  document.documentElement.lang = next;
  document.documentElement.dir = direction(next);
  locale.value = next;
}

/** The message `key` in the current language, its ICU arguments filled from `values`. */
export function t(key: MessageKey, values?: Values): string {
  void locale.value;
  if (!loaded) return key;
  let format = loaded.compiled.get(key);
  if (!format) {
    const source = loaded.messages[key] ?? loaded.english[key];
    if (source === undefined) return key;
    format = new loaded.Format(source, loaded.locale);
    loaded.compiled.set(key, format);
  }
  return String(format.format(values));
}

/** A message with elements among its values (a link, a bold figure): its parts, to render. */
export function tr(key: MessageKey, values: Record<string, unknown>): ComponentChildren {
  void locale.value;
  if (!loaded) return key;
  const source = loaded.messages[key] ?? loaded.english[key];
  return new loaded.Format(source, loaded.locale).format(values as Values) as ComponentChildren;
}

/** Numbers in the current language's digits and separators. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(locale.value, options);
}
