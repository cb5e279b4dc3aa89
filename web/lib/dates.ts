import { locale, t } from "../i18n/i18n.ts";
import { preferences } from "./session.ts";

/** Calendar days are YYYY-MM-DD strings in the user's own day, as the API uses them. */

export function today(): string {
  return toDay(new Date());
}

export function toDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return toDay(new Date(y, m - 1, d + n));
}

export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const count = new Date(y, m, 0).getDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
}

/**
 * A day for people in the user's date format (YYYY-MM-DD, DD/MM/YYYY, MM/DD/YYYY, or any
 * mix of those tokens); "long" adds the weekday.
 */
export function formatDay(day: string, style: "long" | "short" = "long"): string {
  const [y, m, d] = day.split("-") as [string, string, string];
  const text = preferences.value.date_format
    .replace(/YYYY|yyyy/, y)
    .replace(/MM/, m)
    .replace(/DD|dd/, d);
  if (style === "short") return text;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  return `${date.toLocaleDateString(locale.value, { weekday: "short" })} ${text}`;
}

/** Day and month only, in the order of the user's date format: for chart axes. */
export function formatDayMonth(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const [m, d] = [pad(date.getMonth() + 1), pad(date.getDate())];
  const format = preferences.value.date_format.toUpperCase();
  if (format.startsWith("YYYY")) return `${m}-${d}`;
  const separator = format.match(/[^A-Z]/)?.[0] ?? "/";
  return format.indexOf("D") < format.indexOf("M")
    ? `${d}${separator}${m}`
    : `${m}${separator}${d}`;
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(locale.value, { hour: "2-digit", minute: "2-digit" });
}

/** A duration as a clock: "7:04", "1:02:09". */
export function formatClock(seconds: number): string {
  const whole = Math.round(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A duration for people: "7 h 45 min", "20 min 5 s". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null) return "–";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  if (h) return t("duration.hoursMinutes", { h, m: String(m).padStart(2, "0") });
  return s ? t("duration.minutesSeconds", { m, s }) : t("duration.minutes", { m });
}
