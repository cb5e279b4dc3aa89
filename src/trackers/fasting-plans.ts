import { addDays } from "./day-range.ts";

/** Hours of fasting in each planned type; "custom" takes the hours from the request. */
export const FASTING_PLANS: Record<string, number> = {
  "16:8": 16,
  "18:6": 18,
  "20:4": 20,
  OMAD: 23,
};

/** When a fast of this plan started at `start` is due to end, or null with no plan. */
export function targetEnd(start: string, type: string | null, customHours?: number): string | null {
  const hours = customHours ?? (type ? FASTING_PLANS[type] : undefined);
  if (hours === undefined) return null;
  return new Date(Date.parse(start) + hours * 3_600_000).toISOString();
}

/**
 * The longest run of consecutive days with a completed fast, and the current run: the one
 * ending today or yesterday (a streak is not broken before the day is over).
 */
export function fastingStreaks(endDays: string[], today: string) {
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of endDays) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const current = previous === today || previous === addDays(today, -1) ? run : 0;
  return { current_streak_days: current, longest_streak_days: longest };
}
