import { locale } from "../i18n/i18n.ts";
import { preferences } from "./session.ts";

/** Days are numbered as the `first_day_of_week` preference numbers them: 0 is Sunday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

// Where the locale's week data is missing (a browser without Intl.Locale week info): the
// regions whose weeks start on Sunday or Saturday (CLDR); the rest of the world's on Monday.
const SUNDAY_REGIONS = ["US", "CA", "BR", "MX", "JP", "KR", "TW", "HK", "IN", "IL", "PH", "ZA"];
const SATURDAY_REGIONS = ["EG", "DZ", "IQ", "JO", "KW", "LY", "OM", "QA", "SY", "AE", "SD"];

type WeekInfo = { firstDay: number };
type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The first day of the week where `tag` is spoken ("en-US" Sunday, "de" Monday). */
export function localeFirstDay(tag: string): Weekday {
  const place = new Intl.Locale(tag) as LocaleWithWeek;
  // getWeekInfo() in today's browsers, the weekInfo getter in older Chromium and Safari;
  // its days run 1 (Monday) to 7 (Sunday).
  const info = place.getWeekInfo?.() ?? place.weekInfo;
  if (info) return (info.firstDay % 7) as Weekday;
  const region = place.maximize().region ?? "";
  if (SUNDAY_REGIONS.includes(region)) return 0;
  if (SATURDAY_REGIONS.includes(region)) return 6;
  return 1;
}

/**
 * The language tag whose week applies: the browser's own when it speaks the language shown
 * (its region tells en-US from en-GB), else the language shown.
 */
function regionalTag(shown: string, browser: readonly string[]): string {
  const base = shown.split("-")[0]!.toLowerCase();
  return browser.find((tag) => tag.split("-")[0]!.toLowerCase() === base) ?? shown;
}

/**
 * The day weeks start on: the user's own choice of `first_day_of_week`, else the locale's.
 * 0 (Sunday) is every account's stored default (SparkyFitness's too), so it means "no
 * choice made"; the locale then decides, as with the language.
 */
export function firstDayOfWeek(): Weekday {
  const chosen = preferences.value.first_day_of_week;
  if (chosen >= 1 && chosen <= 6) return chosen as Weekday;
  return localeFirstDay(regionalTag(locale.value, navigator.languages ?? []));
}

/** The seven weekdays in the order the user's weeks run, first day first. */
export function weekdaysInOrder(first: Weekday = firstDayOfWeek()): Weekday[] {
  return Array.from({ length: 7 }, (_, i) => ((first + i) % 7) as Weekday);
}

/** How many places a date's weekday sits after the week's first day (0 to 6). */
export function placeInWeek(date: Date, first: Weekday = firstDayOfWeek()): number {
  return (date.getDay() - first + 7) % 7;
}

/** A weekday's name in the language shown ("short": Mo, "long": Montag). */
export function weekdayName(day: Weekday, width: "short" | "long" = "short"): string {
  // 2024-01-07 was a Sunday.
  return new Date(2024, 0, 7 + day).toLocaleDateString(locale.value, { weekday: width });
}
