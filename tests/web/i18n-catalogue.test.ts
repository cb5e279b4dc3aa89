import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { LOCALES, pickLocale } from "../../web/i18n/locales.ts";

const WEB = join(import.meta.dir, "..", "..", "web");
const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(WEB, "i18n", "messages", `${locale}.json`), "utf8"));
const english = catalogue("en");

/** The screens whose labels all come from the catalogue: no English text may stay in them. */
export const CONVERTED = [
  "app.tsx",
  "components/acting-for.tsx",
  "components/day-nav.tsx",
  "components/energy-budget.tsx",
  "components/nav-bar.tsx",
  "components/quick-entry-button.tsx",
  "components/ring.tsx",
  "components/unit-fields.tsx",
  "screens/more.tsx",
  "screens/auth/auth-screen.tsx",
  "screens/auth/other-sign-in.tsx",
  "screens/auth/onboarding.tsx",
  "screens/auth/second-factor.tsx",
  "screens/dashboard/dashboard.tsx",
  "screens/dashboard/first-steps.tsx",
  "screens/dashboard/habits.tsx",
  "screens/dashboard/reminder-form.tsx",
  "screens/dashboard/trends.tsx",
  "screens/diary/diary.tsx",
  "screens/diary/day-totals.tsx",
  "screens/goals/micronutrient-targets.tsx",
  "screens/reports/micronutrient-averages.tsx",
  "screens/diary/add-food.tsx",
  "screens/diary/food-search.tsx",
  "screens/diary/entry-row.tsx",
  "screens/diary/copy-meal.tsx",
  "screens/diary/save-as-meal.tsx",
  "screens/diary/meal-picker.tsx",
  "screens/diary/quick-add.tsx",
  "screens/quick-entry/quick-entry.tsx",
  "screens/quick-entry/food-quick.tsx",
  "screens/quick-entry/water-quick.tsx",
  "screens/quick-entry/weight-quick.tsx",
  "screens/diary/meal-card.tsx",
  "screens/settings/settings.tsx",
  "screens/settings/profile-form.tsx",
  "screens/settings/language-picker.tsx",
  "screens/settings/password-form.tsx",
  "screens/settings/sessions.tsx",
  "screens/foods/contribution-preview.tsx",
  "screens/foods/food-form.tsx",
  "screens/foods/food-library.tsx",
  "screens/foods/foods.tsx",
  "screens/foods/meal-templates.tsx",
  "screens/foods/off-contribution.tsx",
  "screens/foods/variants-editor.tsx",
  "screens/goals/energy-planner.tsx",
  "screens/goals/goal-fields.tsx",
  "screens/goals/goal-timeline.tsx",
  "screens/goals/goals.tsx",
  "screens/goals/weekly-plans.tsx",
  "screens/health/health.tsx",
  "screens/health/cycle.tsx",
  "screens/health/medications.tsx",
  "screens/health/pregnancy/appointments.tsx",
  "screens/health/pregnancy/bump-photos.tsx",
  "screens/health/pregnancy/checklist.tsx",
  "screens/health/pregnancy/contraction-timer.tsx",
  "screens/health/pregnancy/kick-counter.tsx",
  "screens/health/pregnancy/pregnancy.tsx",
  "screens/health/pregnancy/start-form.tsx",
  "screens/reports/activity-heatmap.tsx",
  "screens/reports/report-card.tsx",
  "screens/reports/reports.tsx",
  "screens/trackers/custom-card.tsx",
  "screens/trackers/fasting-card.tsx",
  "screens/trackers/mood-card.tsx",
  "screens/trackers/sleep-card.tsx",
  "screens/trackers/sleep-stages.tsx",
  "screens/trackers/trackers.tsx",
  "screens/trackers/vitals-card.tsx",
  "screens/trackers/water-card.tsx",
  "components/chart.tsx",
  "components/icons.tsx",
  "components/model-fields.tsx",
  "components/outbox-bar.tsx",
  "components/tab-nav.tsx",
  "components/track-map.tsx",
  "components/ui.tsx",
  "screens/diary/barcode-lookup.tsx",
  "screens/diary/serving-picker.tsx",
  "screens/checkins/check-in-history.tsx",
  "screens/checkins/check-ins.tsx",
  "screens/checkins/measurement-form.tsx",
  "screens/checkins/photo-compare.tsx",
  "screens/checkins/photo-gallery.tsx",
  "screens/checkins/photo-upload.tsx",
  "screens/checkins/weight-chart.tsx",
  "screens/exercise/cardio-form.tsx",
  "screens/exercise/day-view.tsx",
  "screens/exercise/entry-row.tsx",
  "screens/exercise/exercise-search.tsx",
  "screens/exercise/exercise.tsx",
  "screens/exercise/format.ts",
  "screens/exercise/import-tab.tsx",
  "screens/exercise/plans-card.tsx",
  "screens/exercise/presets-card.tsx",
  "screens/exercise/progress-tab.tsx",
  "screens/exercise/progress-view.tsx",
  "screens/exercise/session-card.tsx",
  "screens/exercise/set-table.tsx",
  "screens/exercise/strength-form.tsx",
  "screens/exercise/types.ts",
  "screens/workouts/hr-zone-bars.tsx",
  "screens/workouts/laps-table.tsx",
  "screens/workouts/month-calendar.tsx",
  "screens/workouts/sessions-card.tsx",
  "screens/workouts/splits-table.tsx",
  "screens/workouts/workout-charts.tsx",
  "screens/workouts/workout-detail.tsx",
  "screens/workouts/workout-edit.tsx",
  "screens/workouts/workouts.tsx",
  "lib/lazy.tsx",
  "screens/auth/first-goals.tsx",
  "screens/admin/admin-tabs.tsx",
  "screens/admin/assistant-settings.tsx",
  "screens/admin/oidc-provider-form.tsx",
  "screens/admin/oidc-providers.tsx",
  "screens/admin/sign-in-settings.tsx",
  "screens/admin/sparkyfitness-import.tsx",
  "screens/admin/users.tsx",
  "screens/chat/chat-message.tsx",
  "screens/chat/chat.tsx",
  "screens/chat/food-photo.tsx",
  "screens/chat/proposed-food.tsx",
  "screens/settings/api-keys.tsx",
  "screens/settings/assistant-model.tsx",
  "screens/settings/family.tsx",
  "screens/settings/food-providers.tsx",
  "screens/settings/integration-callback.tsx",
  "screens/settings/integrations.tsx",
  "screens/settings/new-key.tsx",
  "screens/settings/passkeys.tsx",
  "screens/settings/provider-form.tsx",
  "screens/settings/reminders.tsx",
  "screens/settings/two-factor-codes.tsx",
  "screens/settings/two-factor.tsx",
  "screens/settings/your-data.tsx",
  "lib/device.ts",
];

/** The names of a message's arguments, found at any depth (plural branches included). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if ("options" in element)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if ("children" in element) argumentsOf(element.children, into);
  }
  return into;
}

describe("the message catalogues", () => {
  for (const [locale] of LOCALES) {
    test(`${locale}: every English key, no other, valid ICU with the same arguments`, () => {
      const messages = catalogue(locale);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, source] of Object.entries(messages)) {
        const expected = argumentsOf(parse(english[key]!));
        expect([...argumentsOf(parse(source))].sort(), `${locale} ${key}`).toEqual(
          [...expected].sort(),
        );
        // Formats with its plural rules (a missing "other" branch throws here).
        const values = Object.fromEntries([...expected].map((name) => [name, 2]));
        expect(() => new IntlMessageFormat(source, locale).format(values)).not.toThrow();
      }
    });
  }

  test("a plural follows the language's rules: Polish few/many, Arabic two", () => {
    const format = (locale: string, key: string, count: number) =>
      new IntlMessageFormat(catalogue(locale)[key]!, locale).format({ count });
    expect(format("pl", "common.days", 3)).toBe("3 dni");
    expect(format("pl", "diary.copied", 5)).toBe("Skopiowano 5 wpisów z poprzedniego dnia.");
    expect(format("ar", "common.days", 2)).toBe("يومان");
    expect(format("en", "diary.copied", 1)).toBe("Copied 1 entry from the day before.");
  });
});

describe("the language shown", () => {
  test("is the account's choice, else the browser's first supported language, else English", () => {
    expect(pickLocale("de", ["fr-FR"])).toBe("de");
    expect(pickLocale("pt", [])).toBe("pt-BR");
    expect(pickLocale("en-US", ["ar"])).toBe("en");
    // "en" is every account's default: no choice made, the browser decides.
    expect(pickLocale("en", ["ar-EG", "en"])).toBe("ar");
    expect(pickLocale("xx", ["sv", "nl-BE"])).toBe("nl");
    expect(pickLocale(undefined, ["sv"])).toBe("en");
  });
});

describe("the converted screens", () => {
  // Text between tags, and labels in attributes, that start with a letter: English left behind.
  const TEXT_NODE = /(?<![=-])>\s*([A-Za-z][^<>{}]*?)\s*</g;
  const LABEL_ATTRIBUTE =
    /\b(?:label|title|aria-label|placeholder|submitLabel|alt)="([^"]*[A-Za-z][^"]*)"/g;
  for (const file of CONVERTED) {
    test(`${file} has no hard-coded English label`, () => {
      const source = readFileSync(join(WEB, file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      const found = [
        ...[...source.matchAll(TEXT_NODE)].map((m) => m[1]!),
        ...[...source.matchAll(LABEL_ATTRIBUTE)].map((m) => m[1]!),
      ].filter((text) => !/^(fitness)$/.test(text.trim()));
      expect(found).toEqual([]);
    });
  }

  test("every key the screens use is in the English catalogue", () => {
    const used = new Set<string>();
    for (const file of CONVERTED) {
      const source = readFileSync(join(WEB, file), "utf8");
      for (const [, key] of source.matchAll(/\btr?\("([a-zA-Z]+\.[a-zA-Z0-9]+)"/g)) used.add(key!);
    }
    expect([...used].filter((key) => !(key in english))).toEqual([]);
  });
});
