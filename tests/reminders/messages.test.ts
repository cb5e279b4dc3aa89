import { describe, expect, test } from "bun:test";
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { REMINDER_MESSAGES } from "../../src/reminders/messages/catalogue.ts";
import { reminderLanguage, sayIn } from "../../src/reminders/messages/say.ts";
import { LOCALES } from "../../web/i18n/locales.ts";

const argumentsOf = (source: string) =>
  parse(source)
    .filter((element) => element.type !== TYPE.literal)
    .map((element) => ("value" in element ? element.value : ""))
    .sort();

describe("the reminders' catalogue", () => {
  test("speaks every language of the web client, each with English's keys and arguments", () => {
    expect(Object.keys(REMINDER_MESSAGES).sort()).toEqual(LOCALES.map(([code]) => code).sort());
    const english: Record<string, string> = REMINDER_MESSAGES.en;
    for (const [language, messages] of Object.entries(REMINDER_MESSAGES)) {
      const own: Record<string, string> = messages;
      expect(Object.keys(own).sort(), language).toEqual(Object.keys(english).sort());
      for (const key of Object.keys(english))
        expect(argumentsOf(own[key]!), `${language} ${key}`).toEqual(argumentsOf(english[key]!));
    }
  });

  test("the account's language picks one: a region or a base language, else English", async () => {
    expect(reminderLanguage("de-AT")).toBe("de");
    expect(reminderLanguage("pt")).toBe("pt-BR");
    expect(reminderLanguage("PT-br")).toBe("pt-BR");
    expect(reminderLanguage("en")).toBe("en");
    expect(reminderLanguage("sv")).toBe("en");
    expect(reminderLanguage(null)).toBe("en");
    expect((await sayIn("ar"))("medication.title", { name: "Metformin" })).toBe("تناول Metformin");
    // A dose's amount in the language's digits and separators.
    expect((await sayIn("de"))("medication.amount", { amount: 2.5 })).toBe("2,5");
  });
});
