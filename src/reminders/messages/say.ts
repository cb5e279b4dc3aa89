import type { Tx } from "../../db.ts";
import { REMINDER_MESSAGES, type ReminderLanguage, type ReminderMessageKey } from "./catalogue.ts";

const LANGUAGES = Object.keys(REMINDER_MESSAGES) as ReminderLanguage[];

/**
 * The language a reminder is written in: the account's `language` preference ("de-AT" →
 * de, "pt" → pt-BR), English when it names none we speak. The server knows no browser, so
 * the default "en" (the web client's "same as the browser") is English here.
 */
export function reminderLanguage(preference: string | null | undefined): ReminderLanguage {
  const tag = (preference ?? "").toLowerCase();
  const base = tag.split("-")[0];
  return (
    LANGUAGES.find((code) => code.toLowerCase() === tag) ??
    LANGUAGES.find((code) => code.split("-")[0] === base) ??
    "en"
  );
}

export type Say = (key: ReminderMessageKey, values?: Record<string, string | number>) => string;

/**
 * Formats the catalogue's messages in `language` (plurals and numbers by its rules). The
 * formatter is loaded on first use, like every library of a rarely used feature (README,
 * "Memory").
 */
export async function sayIn(language: ReminderLanguage): Promise<Say> {
  const { IntlMessageFormat } = await import("intl-messageformat");
  return (key, values) =>
    String(new IntlMessageFormat(REMINDER_MESSAGES[language][key], language).format(values));
}

/** The person's own language preference, read as them. */
export async function languageOf(tx: Tx, userId: string): Promise<ReminderLanguage> {
  const [row] = await tx<{ language: string }[]>`
    select language from user_preferences where user_id = ${userId}`;
  return reminderLanguage(row?.language);
}
