import { t } from "../i18n/i18n.ts";

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS/, "Firefox"],
  [/Chrome\/|CriOS/, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iOS/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

const firstMatch = (text: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/**
 * A short name for the device behind a user agent: "Firefox on Linux", "Chrome on Android";
 * an app's own agent ("FitnessPhone/2.0 (Android 15)") keeps its product name.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return t("device.unknown");
  const system = firstMatch(userAgent, SYSTEMS);
  const browser = userAgent.startsWith("Mozilla/")
    ? firstMatch(userAgent, BROWSERS)
    : userAgent.split(/[/ (]/)[0];
  if (browser && system) return t("device.browserOn", { browser, system });
  return browser || system || userAgent.slice(0, 40);
}
