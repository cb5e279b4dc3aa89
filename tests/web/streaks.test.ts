import { describe, expect, test } from "bun:test";
import { isPast, streak } from "../../web/screens/dashboard/streaks.ts";

describe("habit streaks and reminders", () => {
  const done = new Set(["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"]);

  test("counts the days in a row up to today", () => {
    expect(streak(new Set([...done, "2026-11-29"]), "2026-11-29")).toBe(5);
  });

  test("today not yet done keeps yesterday's streak; a missed yesterday ends it", () => {
    expect(streak(done, "2026-11-29")).toBe(4);
    expect(streak(done, "2026-11-30")).toBe(0);
    expect(streak(new Set(), "2026-11-29")).toBe(0);
  });

  test("a reminder is due from its minute on, and never without a time", () => {
    const at = (h: number, m: number) => new Date(2026, 10, 29, h, m);
    expect(isPast("20:00", at(19, 59))).toBe(false);
    expect(isPast("20:00", at(20, 0))).toBe(true);
    expect(isPast("07:30", at(23, 0))).toBe(true);
    expect(isPast(null, at(23, 59))).toBe(false);
  });
});
